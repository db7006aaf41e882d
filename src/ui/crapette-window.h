/* crapette-window.h: the main window, with its header bar, the table and whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "crapette-game.h"
#include "crapette-table.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_WINDOW (crapette_window_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteWindow, crapette_window, CRAPETTE, WINDOW, AdwApplicationWindow)

/* Creates a main window for @application, with a Russian Bank round dealt. */
CrapetteWindow *crapette_window_new                    (GtkApplication  *application);

/* Returns the game the window plays. */
CrapetteGame   *crapette_window_get_game               (CrapetteWindow  *self);

/* Returns the card table of the window. */
CrapetteTable  *crapette_window_get_table              (CrapetteWindow  *self);

/* Deals the first round of a new game of @variant from @deal_number. */
void            crapette_window_new_game               (CrapetteWindow  *self,
                                                        CrapetteVariant  variant,
                                                        guint64          deal_number);

/* Deals the next round of the game in play, from a fresh deal number. */
void            crapette_window_next_round             (CrapetteWindow  *self);

/* Chooses whether the end of a round is shown in a dialog (benchmarks turn it off). */
void            crapette_window_set_show_round_results (CrapetteWindow  *self,
                                                        gboolean         show);

/* Returns the text of the status line of @seat, as shown. */
const char     *crapette_window_get_status             (CrapetteWindow  *self,
                                                        CrapetteSeat     seat);

/* Returns the dialog showing the result of the round just finished, or %NULL. */
GtkWindow      *crapette_window_get_round_dialog       (CrapetteWindow  *self);

G_END_DECLS

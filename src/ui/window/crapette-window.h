/* crapette-window.h: the main window, with its header bar, the table and whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "crapette-computer-turn.h"
#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-session.h"
#include "crapette-table.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_WINDOW (crapette_window_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteWindow, crapette_window, CRAPETTE, WINDOW, AdwApplicationWindow)

/* Creates a main window for @application, with a round dealt for two people at one screen. */
CrapetteWindow *crapette_window_new                    (GtkApplication  *application);

/* Continues the saved match, or starts one as the preferences say; from then on the match is
 * saved after every move and the scores are kept. */
void            crapette_window_resume                 (CrapetteWindow  *self);

/* Returns the game the window plays. */
CrapetteGame   *crapette_window_get_game               (CrapetteWindow  *self);

/* Returns the match the window plays. */
CrapetteMatch  *crapette_window_get_match              (CrapetteWindow  *self);

/* Returns the session the window shows: its match, seats, scores and saved game. */
CrapetteSession *crapette_window_get_session           (CrapetteWindow  *self);

/* Returns the card table of the window. */
CrapetteTable  *crapette_window_get_table              (CrapetteWindow  *self);

/* Returns what plays the computer's moves in this window. */
CrapetteComputerTurn *crapette_window_get_computer     (CrapetteWindow  *self);

/* Chooses who plays North in the next new game. */
void            crapette_window_set_opponent           (CrapetteWindow  *self,
                                                        CrapetteOpponent opponent);

/* Starts a new match of @variant whose first round is deal @deal_number. */
void            crapette_window_new_game               (CrapetteWindow  *self,
                                                        CrapetteVariant  variant,
                                                        guint64          deal_number);

/* Deals the next round of the match, or starts a new match when it is over. */
void            crapette_window_next_round             (CrapetteWindow  *self);

/* Reads the game record in @file and plays on from it; %FALSE, with @error set, if it cannot. */
gboolean        crapette_window_open_file              (CrapetteWindow  *self,
                                                        GFile           *file,
                                                        GError         **error);

/* Opens the game in @file, read in a worker, or says in a toast why it cannot be opened. */
void            crapette_window_open_file_or_explain   (CrapetteWindow  *self,
                                                        GFile           *file);

/* Opens the first of @files that holds a game; says why each other one was not opened. */
void            crapette_window_open_files             (CrapetteWindow  *self,
                                                        GFile          **files,
                                                        guint            n_files);

/* Returns whether files given to the window are still being read (for tests). */
gboolean        crapette_window_is_opening_files       (CrapetteWindow  *self);

/* Chooses whether the end of a round is shown in a dialog (benchmarks turn it off). */
void            crapette_window_set_show_round_results (CrapetteWindow  *self,
                                                        gboolean         show);

/* Returns the text of the status line of @seat, as shown. */
const char     *crapette_window_get_status             (CrapetteWindow  *self,
                                                        CrapetteSeat     seat);

/* Returns the computer's last move announced for screen readers, or "". */
const char     *crapette_window_get_announcement       (CrapetteWindow  *self);

/* Returns the hint shown in its own place, under the table, or %NULL. */
const char     *crapette_window_get_hint               (CrapetteWindow  *self);

/* Returns the text the toast on show reads, or %NULL. */
const char     *crapette_window_get_toast_message      (CrapetteWindow  *self);

/* Returns the welcome window on show, or %NULL. */
GtkWindow      *crapette_window_get_welcome            (CrapetteWindow  *self);

/* Waits until the last save asked for is on disk (or has failed). */
void            crapette_window_flush_save             (CrapetteWindow  *self);

/* Returns the words on the "not being saved" bar, or %NULL when it is hidden. */
const char     *crapette_window_get_save_warning       (CrapetteWindow  *self);

/* Returns whether the save bar offers to take the saved game over from a copy now gone. */
gboolean        crapette_window_get_can_take_over      (CrapetteWindow  *self);

/* Returns the question the window asks on show (give up the game in progress?), or %NULL. */
GtkWindow      *crapette_window_get_question           (CrapetteWindow  *self);

/* Stores the size a window opens at on a @screen_width × @screen_height screen, when no
 * size was saved. */
void            crapette_window_size_for_screen        (int              screen_width,
                                                        int              screen_height,
                                                        int             *width,
                                                        int             *height);

G_END_DECLS

/* crapette-round-summary-private.h: what the round summary's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-round-summary.h"

G_BEGIN_DECLS

/* Adds a titled table of points to @box and returns the table (crapette-round-summary-bill.c). */
GtkWidget  *crapette_summary_add_group           (GtkBox     *box,
                                                  const char *title,
                                                  const char *description);

/* Adds a line to @table: what is counted, how (@sum, may be %NULL) and @value; named @id. */
void        crapette_summary_add_row             (GtkWidget  *table,
                                                  const char *id,
                                                  const char *title,
                                                  const char *sum,
                                                  const char *value,
                                                  gboolean    is_total);

/* Adds a line to @table whose points are @value, written in the language's digits. */
void        crapette_summary_add_number_row      (GtkWidget  *table,
                                                  const char *id,
                                                  const char *title,
                                                  const char *sum,
                                                  guint       value,
                                                  gboolean    is_total);

/* "4 cards × 2": how many cards of a kind, and what each is worth. */
char       *crapette_summary_format_cards_times  (guint       cards,
                                                  guint       worth);

/* The name of the player at @seat in @match, the same as everywhere else. */
const char *crapette_summary_player_name         (CrapetteMatch *match,
                                                  CrapetteSeat   seat);

/* Whether @seat is the person spoken to as "you" (crapette-round-summary-ending.c). */
gboolean    crapette_summary_is_you              (CrapetteMatch *match,
                                                  CrapetteSeat   seat);

/* When a round blocked by repetition saw its last position, by move numbers, or %NULL. */
char       *crapette_summary_describe_repetition (CrapetteMatch *match,
                                                  guint          round_index);

/* With which move the turns that blocked a round by passes or idle turns began, or %NULL. */
char       *crapette_summary_describe_idle_stretch (CrapetteMatch *match,
                                                    guint          round_index);

/* Why round @round_index of @match ended, in a sentence or two, and who scores. */
char       *crapette_summary_describe_ending     (CrapetteMatch             *match,
                                                  guint                      round_index,
                                                  const CrapetteRoundResult *result);

G_END_DECLS

/* crapette-history-panel.h: the round's moves in words, turn by turn, beside the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-game.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_HISTORY_PANEL (crapette_history_panel_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteHistoryPanel, crapette_history_panel, CRAPETTE, HISTORY_PANEL,
                      GtkWidget)

/* Creates an empty panel; it lists the moves of a game once given one. */
GtkWidget  *crapette_history_panel_new          (void);

/* Lists the moves of @game's round from now on, and follows every move, undo and deal. */
void        crapette_history_panel_set_game     (CrapetteHistoryPanel *self,
                                                 CrapetteGame         *game);

/* Returns how many moves the panel lists. */
guint       crapette_history_panel_get_n_moves  (CrapetteHistoryPanel *self);

/* Returns the words of move @index (0 is the round's first), as listed. */
const char *crapette_history_panel_get_move_text (CrapetteHistoryPanel *self,
                                                  guint                 index);

/* Returns what move @index turned face up ("Turned up: Seven of Diamonds"), or %NULL. */
const char *crapette_history_panel_get_move_note (CrapetteHistoryPanel *self,
                                                  guint                 index);

/* Returns whether move @index carries @mark: "load", "repeated", "idle" or "taken-back". */
gboolean    crapette_history_panel_move_has_mark (CrapetteHistoryPanel *self,
                                                  guint                 index,
                                                  const char           *mark);

/* Stores the selected move in @index (0 is the round's first); FALSE when none is. */
gboolean    crapette_history_panel_get_selected_move (CrapetteHistoryPanel *self,
                                                      guint                *index);

/* Selects move @index, and focuses it so that the arrow keys step on from it. */
void        crapette_history_panel_select_move  (CrapetteHistoryPanel *self,
                                                 guint                 index);

/* Lets go of the selected move, if any. */
void        crapette_history_panel_unselect     (CrapetteHistoryPanel *self);

/* Returns how many turns the panel lists. */
guint       crapette_history_panel_get_n_turns  (CrapetteHistoryPanel *self);

/* Returns the heading of turn @index (0 is the round's first): "Computer (Medium), 14 moves". */
const char *crapette_history_panel_get_turn_heading (CrapetteHistoryPanel *self,
                                                     guint                 index);

/* Returns the heading row of turn @index, which a click or Enter folds when the turn is long. */
GtkWidget  *crapette_history_panel_get_turn_row (CrapetteHistoryPanel *self,
                                                 guint                 index);

/* Returns how many moves turn @index has, and in @first_move the index of its first. */
guint       crapette_history_panel_get_turn_moves (CrapetteHistoryPanel *self,
                                                   guint                 index,
                                                   guint                *first_move);

/* Returns whether turn @index is folded: its moves hidden under its heading. */
gboolean    crapette_history_panel_turn_is_folded (CrapetteHistoryPanel *self,
                                                   guint                 index);

/* Returns whether the row of move @index is shown (not in a folded turn). */
gboolean    crapette_history_panel_move_is_shown (CrapetteHistoryPanel *self,
                                                  guint                 index);

G_END_DECLS

/* crapette-table.h: the card table, where both players' piles are laid out and played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-card-theme.h"
#include "crapette-game.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_TABLE (crapette_table_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteTable, crapette_table, CRAPETTE, TABLE, GtkWidget)

/* Creates an empty table; give it a game and a card theme to show anything. */
GtkWidget         *crapette_table_new                     (void);

/* Returns the game the table shows and plays, or %NULL. */
CrapetteGame      *crapette_table_get_game                (CrapetteTable         *self);

/* Shows and plays @game from now on. */
void               crapette_table_set_game                (CrapetteTable         *self,
                                                           CrapetteGame          *game);

/* Returns the theme the cards are drawn with, or %NULL. */
CrapetteCardTheme *crapette_table_get_theme               (CrapetteTable         *self);

/* Draws the cards with @theme from now on. */
void               crapette_table_set_theme               (CrapetteTable         *self,
                                                           CrapetteCardTheme     *theme);

/* Sets how long a card takes to glide to its pile, in milliseconds (0: no animation). */
void               crapette_table_set_animation_duration  (CrapetteTable         *self,
                                                           guint                  duration_ms);

/* Makes the next move's flight last at most @limit_ms (the computer's quicker paces). */
void               crapette_table_limit_next_flight       (CrapetteTable         *self,
                                                           guint                  limit_ms);

/* Returns whether a card is moving across the table right now. */
gboolean           crapette_table_is_animating            (CrapetteTable         *self);

/* Ends every running animation at once, with every card in its place. */
void               crapette_table_finish_animations       (CrapetteTable         *self);

/* Highlights @move's card and target, as a hint; %NULL removes the highlight. */
void               crapette_table_show_hint               (CrapetteTable         *self,
                                                           const CrapetteMove    *move);

/* Marks where @mover's @move took its card from and put it, for a moment; %NULL: no mark. */
void               crapette_table_mark_last_move          (CrapetteTable         *self,
                                                           CrapetteSeat           mover,
                                                           const CrapetteMove    *move);

/* Stores the area of @pile in the table's coordinates; %FALSE if the variant has no such pile. */
gboolean           crapette_table_get_pile_bounds         (CrapetteTable         *self,
                                                           CrapettePileId         pile,
                                                           graphene_rect_t       *bounds);

/* Returns the name of @pile as a player says it ("South's reserve", "House 3"). */
char              *crapette_table_get_pile_name           (CrapetteTable         *self,
                                                           CrapettePileId         pile);

/* Shows @past (a view of an earlier position) read-only instead of the game; %NULL: the game. */
void               crapette_table_set_looking_back        (CrapetteTable         *self,
                                                           CrapetteView          *past);

/* Returns whether the table shows a past position (crapette_table_set_looking_back()). */
gboolean           crapette_table_is_looking_back         (CrapetteTable         *self);

/* Puts the keyboard focus back on the pile it was last on, with its ring. */
void               crapette_table_focus_home              (CrapetteTable         *self);
/* Returns the view the table shows: the game's, or the past one looked back at. */
CrapetteView      *crapette_table_get_shown_view          (CrapetteTable         *self);

/* Shows @plate (the player's name and counts) beside the piles of @seat; %NULL: none. */
void               crapette_table_set_seat_plate          (CrapetteTable         *self,
                                                           CrapetteSeat           seat,
                                                           GtkWidget             *plate);

/* Stores in @bounds where the plate of @seat stands on the table; %FALSE if it has none. */
gboolean           crapette_table_get_plate_bounds        (CrapetteTable         *self,
                                                           CrapetteSeat           seat,
                                                           graphene_rect_t       *bounds);

/* Lays the piles of @seat near the person, the other player's on the far side (South's by
 * default; North's for a friend on another machine who hosts). */
void               crapette_table_set_near_seat           (CrapetteTable         *self,
                                                           CrapetteSeat           seat);

/* Returns the seat whose piles lie near the person. */
CrapetteSeat       crapette_table_get_near_seat           (CrapetteTable         *self);

G_END_DECLS

/* crapette-table-private.h: the table's inner state, shared by its files and read by tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is written in seven files: crapette-table.c (the widget),
 * crapette-table-snapshot.c (each frame), crapette-table-input.c (clicks, drags
 * and keys), crapette-table-marks.c (a hint, the computer's last move),
 * crapette-table-look-back.c (an earlier position shown), crapette-table-flights.c
 * (cards gliding) and crapette-table-names.c (pile names). They share the instance structure and the functions below; nothing
 * outside src/ui/ but the tests includes this header.
 */

#pragma once

#include "crapette-card.h"
#include "crapette-view.h"
#include "crapette-table.h"
#include "crapette-table-draw.h"
#include "crapette-table-layout.h"

G_BEGIN_DECLS

struct _CrapetteTable
{
  GtkWidget parent_instance;

  CrapetteGame *game;
  CrapetteCardTheme *theme;
  /* The game's view the table shows; %NULL before it is given a game. */
  CrapetteView *shown;
  guint n_views_taken;          /* for tests: one per move, however many signals tell it */
  guint32 last_changed_piles;   /* for tests: the piles the last view taken changed */
  CrapetteTableLayout layout;
  GtkWidget *pile_views[CRAPETTE_N_PILES];
  /* The pile the keyboard focus was last on, where it comes back (crapette_table_focus_home()). */
  CrapettePileId home_pile;
  /* Each player's name plate, given by the window (crapette-table-plates.c). */
  GtkWidget *plates[CRAPETTE_N_SEATS];
  /* What each pile's accessible name and description say now (crapette-table-names.c). */
  char *pile_labels[CRAPETTE_N_PILES];
  char *pile_descriptions[CRAPETTE_N_PILES];
  gboolean pile_pressed[CRAPETTE_N_PILES];

  /* A card picked up by a click or the keyboard, and where it may go. */
  CrapettePileId selected;
  gboolean targets[CRAPETTE_N_PILES];

  /* A hint shown: the card and where it should go (%CRAPETTE_NO_PILE: none). */
  CrapettePileId hint_from;
  CrapettePileId hint_to;

  /* The computer's last move, marked for a moment so the eye can follow it. */
  CrapettePileId last_from;
  CrapettePileId last_to;
  guint last_move_source;

  /* A card dragged by the pointer. */
  GtkGesture *drag_gesture;
  GtkGesture *click_gesture;
  CrapettePileId drag_source;
  gboolean dragging;
  /* The press held now has moved past the drag threshold: its release is no click. */
  gboolean pointer_moved;
  graphene_point_t drag_start;
  graphene_point_t drag_grab;
  graphene_rect_t drag_rect;
  gboolean have_drop_origin;
  graphene_rect_t drop_origin;

  GPtrArray *flights;
  GPtrArray *spent_animations;

  /* Count badges and arrows already laid out (see crapette-table-draw.c). */
  GHashTable *text_nodes;

  /* The piles as last drawn, and what from (crapette-table.c); the view they
   * were drawn from is held, so that its address names it. */
  GskRenderNode *piles_node;
  gpointer piles_drawn;
  CrapetteView *piles_drawn_view;

  guint8 cards_in_flight[CRAPETTE_MAX_CARDS];
  guint32 piles_being_dealt;
  guint animation_ms;
  /* The longest the next move's flight may last (crapette_table_limit_next_flight()); 0: no
   * limit. Spent by the next move, whoever plays it. */
  guint next_flight_limit_ms;

  /* Showing a past position read-only (crapette_table_set_looking_back()): the game's
   * signals are held back meanwhile, and nothing can be picked up or played. */
  gboolean looking_back;

  /* The seat of the player at this screen, whose piles lie near them: North's turns the
   * table half round (crapette_table_set_near_seat()). */
  CrapetteSeat near_seat;
};

/* Whether the variant shown has a pile @pile at all. */
static inline gboolean
crapette_table_pile_is_used (CrapetteTable  *self,
                             CrapettePileId  pile)
{
  return pile < CRAPETTE_N_PILES && self->layout.slots[pile].used;
}

/* The game the table shows. */
static inline CrapetteVariant
crapette_table_variant (CrapetteTable *self)
{
  return self->shown != NULL ? crapette_view_get_variant (self->shown) : CRAPETTE_VARIANT_RUSSIAN;
}

/* The seat whose turn the table shows. */
static inline CrapetteSeat
crapette_table_mover (CrapetteTable *self)
{
  return self->shown != NULL ? crapette_view_get_to_move (self->shown) : CRAPETTE_SOUTH;
}

/* How many cards @pile holds in what the table shows. */
static inline guint
crapette_table_count (CrapetteTable  *self,
                      CrapettePileId  pile)
{
  return self->shown != NULL ? crapette_view_get_count (self->shown, pile) : 0;
}

/* The top card of @pile in what the table shows, or %CRAPETTE_CARD_NONE. */
static inline CrapetteCard
crapette_table_top (CrapetteTable  *self,
                    CrapettePileId  pile)
{
  return self->shown != NULL ? crapette_view_get_top (self->shown, pile) : CRAPETTE_CARD_NONE;
}

/* Where the top card of @pile lies in @view, or the empty pile's place. */
static inline void
crapette_table_top_card_rect (CrapetteTable      *self,
                              const CrapetteView *view,
                              CrapettePileId      pile,
                              graphene_rect_t    *rect)
{
  guint count = view != NULL ? crapette_view_get_count (view, pile) : 0;

  crapette_table_layout_card_rect (&self->layout, pile, count > 0 ? count - 1 : 0,
                                   MAX (count, 1), rect);
}

/* Shows the keyboard focus ring, as a key that moves the focus does: jumping to a pile with a
 * letter or a digit, or putting a card back with Escape, is keyboard play too. */
static inline void
crapette_table_show_focus (CrapetteTable *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
}

/* crapette-table.c */

/* Shows the game's view, if it is not shown yet; speaks the piles it changed. */
void                       crapette_table_take_view         (CrapetteTable  *self);

/* crapette-table-snapshot.c */

/* Draws the table: the piles (from their node while nothing they show has changed), the
 * cards in flight and the card dragged. */
void                       crapette_table_draw              (CrapetteTable  *self,
                                                             GtkSnapshot    *snapshot);

/* Forgets the piles' node, for a change it could not see (colours, fonts). */
void                       crapette_table_forget_piles_node (CrapetteTable  *self);

/* crapette-table-input.c */

/* Installs the table.* actions that clicks, keys and tests use, and their key bindings. */
void                       crapette_table_install_input_actions (GtkWidgetClass *widget_class);

/* Gives @self the gestures that take clicks, double-clicks and drags. */
void                       crapette_table_attach_input      (CrapetteTable  *self);

/* The table's GtkWidget::focus: Tab from outside lands on the pile the focus last left. */
gboolean                   crapette_table_focus             (GtkWidget        *widget,
                                                             GtkDirectionType  direction);

/* Puts down the card in hand and removes every highlight. */
void                       crapette_table_clear_selection   (CrapetteTable  *self);

/* Lets go of whatever the person holds, by click, key or drag, without playing it, and of a hint. */
void                       crapette_table_let_go            (CrapetteTable  *self);

/* crapette-table-flights.c */

/* Sends @card flying from @from to @to; a @whole_pile waits for it to land (the deal). */
void                       crapette_table_fly_taken_back    (CrapetteTable          *self,
                                                             const CrapetteView     *before);
void                       crapette_table_launch_flight     (CrapetteTable          *self,
                                                             CrapetteCard            card,
                                                             CrapettePileId          pile,
                                                             gboolean                whole_pile,
                                                             const graphene_rect_t  *from,
                                                             const graphene_rect_t  *to,
                                                             guint                   duration_ms);

/* The deal: each pile's top card glides in from the middle of the table. */
void                       crapette_table_animate_deal      (CrapetteTable  *self);

/* Sends the card @move put down flying to its new place, from @before or @drop_origin. */
void                       crapette_table_fly_move          (CrapetteTable          *self,
                                                             const CrapetteView     *before,
                                                             const CrapetteMove     *move,
                                                             const graphene_rect_t  *drop_origin);

/* Draws every card in flight where it is now, above the piles. */
void                       crapette_table_draw_flights      (CrapetteTable              *self,
                                                             const CrapetteTableDrawing *drawing,
                                                             GtkSnapshot                *snapshot);

/* crapette-table-names.c */

/* Brings the accessible name and description of the piles in @changed (a bit `1 << pile`
 * each) up to date with what the table shows, and every pile's held state. */
void                       crapette_table_update_pile_labels (CrapetteTable *self,
                                                              guint32        changed);

/* Forgets the words set on the piles, which belong to the widgets being disposed. */
void                       crapette_table_forget_pile_labels (CrapetteTable *self);

/* Installs the keys that jump to piles and read the table aloud, with their actions. */
void                       crapette_table_install_reading_actions (GtkWidgetClass *widget_class);
/* Tells screen readers the card @mover has just turned up. */
void                       crapette_table_say_turned_card   (CrapetteTable  *self,
                                                             CrapetteSeat    mover);

/* For the tests */

/* Returns the gesture that drags cards; tests emit its signals to play a drag. */
GtkGesture                *crapette_table_get_drag_gesture  (CrapetteTable  *self);

/* Returns the gesture that takes clicks and double-clicks. */
GtkGesture                *crapette_table_get_click_gesture (CrapetteTable  *self);

/* Returns the pile whose card is picked up, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_get_selected_pile (CrapetteTable  *self);

/* Stores the piles a hint shown marks, or %CRAPETTE_NO_PILE; returns whether one is shown. */
gboolean                   crapette_table_get_hint          (CrapetteTable  *self,
                                                             CrapettePileId *from,
                                                             CrapettePileId *to);

/* Stores the piles of the last move marked, or %CRAPETTE_NO_PILE; returns whether one is. */
gboolean                   crapette_table_get_marked_move   (CrapetteTable  *self,
                                                             CrapettePileId *from,
                                                             CrapettePileId *to);

/* Returns whether @pile is highlighted as a place the card in hand may go. */
gboolean                   crapette_table_pile_is_target    (CrapetteTable  *self,
                                                             CrapettePileId  pile);

/* Returns the focusable widget standing for @pile. */
GtkWidget                 *crapette_table_get_pile_view     (CrapetteTable  *self,
                                                             CrapettePileId  pile);

/* Returns the pile that has the keyboard focus, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_get_focus_pile    (CrapetteTable  *self);

/* Returns the geometry the table was last laid out with. */
const CrapetteTableLayout *crapette_table_get_layout        (CrapetteTable  *self);

/* Returns the pile under the point (@x, @y) of the table, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_pile_at           (CrapetteTable  *self,
                                                             double          x,
                                                             double          y);

/* crapette-table-plates.c */

/* Lays the table out at @width × @height with room for the plates as high as they need. */
void     crapette_table_compute_layout_with_plates (CrapetteTable   *self,
                                                    CrapetteVariant  variant,
                                                    int              width,
                                                    int              height,
                                                    gboolean         rtl);

/* Puts each plate in the area the layout gives it. */
void     crapette_table_allocate_plates            (CrapetteTable   *self);

/* Lets go of both plates. */
void     crapette_table_drop_plates                (CrapetteTable   *self);

G_END_DECLS

/* crapette-table-layout.h: where each pile lies on the table, for any size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <graphene.h>

#include "crapette-types.h"

G_BEGIN_DECLS

/**
 * CrapetteFan:
 * @CRAPETTE_FAN_NONE: the cards lie squared, only the top one shows.
 * @CRAPETTE_FAN_RIGHT: each card lies a little to the right of the one below.
 * @CRAPETTE_FAN_LEFT: each card lies a little to the left of the one below.
 */
typedef enum
{
  CRAPETTE_FAN_NONE = 0,
  CRAPETTE_FAN_RIGHT,
  CRAPETTE_FAN_LEFT
} CrapetteFan;

/**
 * CrapetteSlot:
 * @used: whether the variant has this pile at all.
 * @bounds: the whole area of the pile, the room of its fan included.
 * @base: where the bottom card lies.
 * @fan: how the cards spread.
 * @indicator: American Bank's tableau: where the pile's direction is shown.
 * @badge: a squared pile that can hold many cards: where its count is written,
 *   beside or below the card so that it never hides a corner index; empty
 *   for the other piles. Part of @bounds.
 */
typedef struct
{
  gboolean used;
  graphene_rect_t bounds;
  graphene_rect_t base;
  CrapetteFan fan;
  graphene_rect_t indicator;
  graphene_rect_t badge;
} CrapetteSlot;

/**
 * CrapetteArrangement:
 * @CRAPETTE_ARRANGEMENT_SIDES: Russian Bank for a wide table: each player's
 *   stock, turned card, waste and reserve in a column at their end of the
 *   table, so that the houses and foundations get the whole height.
 * @CRAPETTE_ARRANGEMENT_ROWS: Russian Bank for a tall table: North's row
 *   above the houses and foundations, South's below.
 * @CRAPETTE_ARRANGEMENT_TWO_ROWS: American Bank for a wide table: the tableau
 *   in two rows of four between the players' rows.
 * @CRAPETTE_ARRANGEMENT_FOUR_ROWS: American Bank for a tall table: the tableau
 *   in four rows of two, each player's four nearer them.
 *
 * Which picture of the table a layout uses; the one with the largest cards wins.
 */
typedef enum
{
  CRAPETTE_ARRANGEMENT_SIDES,
  CRAPETTE_ARRANGEMENT_ROWS,
  CRAPETTE_ARRANGEMENT_TWO_ROWS,
  CRAPETTE_ARRANGEMENT_FOUR_ROWS
} CrapetteArrangement;

/**
 * CrapettePlateAlign:
 * @CRAPETTE_PLATE_LEFT: the plate's words stand at the left end of its area.
 * @CRAPETTE_PLATE_CENTRE: in the middle of its area.
 * @CRAPETTE_PLATE_RIGHT: at the right end.
 *
 * Where a player's name plate stands in its area: at the outer end of the
 * player's column on a wide Russian Bank table, in the middle above or below
 * the player's row otherwise.
 */
typedef enum
{
  CRAPETTE_PLATE_LEFT,
  CRAPETTE_PLATE_CENTRE,
  CRAPETTE_PLATE_RIGHT
} CrapettePlateAlign;

/* How far beyond a pile the marks around it reach, in pixels: the keyboard focus ring
 * (crapette-table-highlight.h: a 3 px gap and two 3 px bands), the hint's frame, and the
 * glow behind the piles of the player whose turn it is (CRAPETTE_TABLE_TURN_GLOW). A
 * name plate stands CRAPETTE_TABLE_PLATE_CLEARANCE or more from every pile, so that none
 * of these touches it. */
#define CRAPETTE_TABLE_MARK_REACH 9
#define CRAPETTE_TABLE_TURN_GLOW 7
#define CRAPETTE_TABLE_PLATE_CLEARANCE (CRAPETTE_TABLE_MARK_REACH + 1)

/**
 * CrapettePlate:
 * @area: where the player's name, turn marker and counts may stand, beside
 *   their own piles and clear of every pile; empty without plates.
 * @align: where in @area they stand.
 */
typedef struct
{
  graphene_rect_t area;
  CrapettePlateAlign align;
} CrapettePlate;

/**
 * CrapetteTableLayout:
 *
 * The geometry of the table at one size. Everything is measured in "slot
 * units" of one card width, so the layout keeps its proportions at every
 * size; fans take the room left over and squeeze their cards to fit in it.
 * Each game has a picture for wide tables and one for tall ones; the one
 * that gives the larger cards is used.
 */
typedef struct
{
  CrapetteVariant variant;
  CrapetteArrangement arrangement;
  int width;
  int height;
  int card_width;
  int card_height;
  float ideal_fan_step;
  int plate_height;
  CrapetteSlot slots[CRAPETTE_N_PILES];
  CrapettePlate plates[CRAPETTE_N_SEATS];
} CrapetteTableLayout;

/* Lays the piles of @variant out in a @width × @height area, mirrored when @rtl, with room
 * for each player's name plate @plate_height pixels high (0: none) beside their piles. */
void     crapette_table_layout_compute     (CrapetteTableLayout       *layout,
                                            CrapetteVariant            variant,
                                            int                        width,
                                            int                        height,
                                            int                        plate_height,
                                            gboolean                   rtl);

/* Turns @layout half round, for the player at North's seat: their piles near them, the
 * other player's on the far side, each plate beside its player's piles. */
void     crapette_table_layout_turn        (CrapetteTableLayout       *layout);

/* Returns the distance between two neighbouring cards of a fan of @n_cards. */
float    crapette_table_layout_fan_step    (const CrapetteTableLayout *layout,
                                            CrapettePileId             pile,
                                            guint                      n_cards);

/* Stores in @rect where card @index (0 is the bottom) of a pile of @n_cards lies. */
void     crapette_table_layout_card_rect   (const CrapetteTableLayout *layout,
                                            CrapettePileId             pile,
                                            guint                      index,
                                            guint                      n_cards,
                                            graphene_rect_t           *rect);

G_END_DECLS

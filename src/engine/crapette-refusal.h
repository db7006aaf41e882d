/* crapette-refusal.h: why a move is refused, in words a player understands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"

G_BEGIN_DECLS

#define CRAPETTE_MOVE_ERROR (crapette_move_error_quark ())

/**
 * CrapetteRefusal:
 *
 * The rule a refused move breaks. It is also the code of the #GError that
 * crapette_position_check_move() returns in the %CRAPETTE_MOVE_ERROR domain.
 * Some refusals name a card (the "detail"): the card that must move first.
 */
typedef enum
{
  CRAPETTE_REFUSAL_NONE = 0,

  /* Shared by both variants. */
  CRAPETTE_REFUSAL_ROUND_OVER,
  CRAPETTE_REFUSAL_BAD_PILE,
  CRAPETTE_REFUSAL_SAME_PILE,
  CRAPETTE_REFUSAL_EMPTY_SOURCE,
  CRAPETTE_REFUSAL_CARD_MISMATCH,
  CRAPETTE_REFUSAL_NOT_OWN_PILE,
  CRAPETTE_REFUSAL_FROM_WASTE,
  CRAPETTE_REFUSAL_FROM_FOUNDATION,
  CRAPETTE_REFUSAL_FROM_STOCK,
  CRAPETTE_REFUSAL_ONTO_STOCK,
  CRAPETTE_REFUSAL_ONTO_OWN_RESERVE,
  CRAPETTE_REFUSAL_ONTO_OWN_WASTE,
  CRAPETTE_REFUSAL_LOAD_EMPTY,
  CRAPETTE_REFUSAL_POINTLESS,
  CRAPETTE_REFUSAL_CARD_PENDING,
  CRAPETTE_REFUSAL_NOTHING_TO_TURN,
  CRAPETTE_REFUSAL_CANNOT_END_TURN,

  /* Russian Bank. */
  CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE,
  CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE,
  CRAPETTE_REFUSAL_HOUSE_SEQUENCE,
  CRAPETTE_REFUSAL_LOAD_SEQUENCE,
  CRAPETTE_REFUSAL_FOUNDATION_FIRST,
  CRAPETTE_REFUSAL_FILL_FROM_RESERVE,
  CRAPETTE_REFUSAL_RESERVE_FIRST,

  /* American Bank. */
  CRAPETTE_REFUSAL_DOUBLE_SUIT,
  CRAPETTE_REFUSAL_PILE_ASCENDS,
  CRAPETTE_REFUSAL_PILE_DESCENDS,
  CRAPETTE_REFUSAL_LOAD_DOUBLE_SUIT,
  CRAPETTE_REFUSAL_FILL_SPACE_FIRST,
  CRAPETTE_REFUSAL_ONTO_COMPLETED,
  CRAPETTE_REFUSAL_NOT_LAID_OUT,

  CRAPETTE_N_REFUSALS
} CrapetteRefusal;

GQuark  crapette_move_error_quark   (void);
char   *crapette_refusal_message    (const CrapettePosition *position,
                                     const CrapetteMove     *move,
                                     CrapetteRefusal         refusal,
                                     CrapetteCard            detail);

G_END_DECLS

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

  /* A call of "Stop!" when no duty was broken (crapette_round_call()). */
  CRAPETTE_REFUSAL_NOTHING_TO_STOP,

  /* A hidden deal's card has come face up and is not shown yet (crapette_round_reveal_card()). */
  CRAPETTE_REFUSAL_NOT_SHOWN,

  CRAPETTE_N_REFUSALS
} CrapetteRefusal;

/* Whether @refusal is a compulsory-move duty of the order of play (foundations
 * first, an emptied house filled from the reserve, the reserve before the
 * stock, a space filled before turning or discarding) rather than a rule of
 * where a card may go. With "mistakes=called" such a move is allowed, and
 * the opponent may call it. */
static inline gboolean
crapette_refusal_is_duty (CrapetteRefusal refusal)
{
  return refusal == CRAPETTE_REFUSAL_FOUNDATION_FIRST ||
         refusal == CRAPETTE_REFUSAL_FILL_FROM_RESERVE ||
         refusal == CRAPETTE_REFUSAL_RESERVE_FIRST ||
         refusal == CRAPETTE_REFUSAL_FILL_SPACE_FIRST;
}

/* Whether the rules of @position let a move that @refusal names be played:
 * none is refused, and a broken duty is allowed when mistakes are called. */
static inline gboolean
crapette_position_tolerates (const CrapettePosition *position,
                             CrapetteRefusal         refusal)
{
  return refusal == CRAPETTE_REFUSAL_NONE ||
         (position->rules.mistakes == CRAPETTE_MISTAKES_CALLED &&
          crapette_refusal_is_duty (refusal));
}

GQuark  crapette_move_error_quark   (void);
char   *crapette_refusal_breach_message (CrapetteRefusal duty,
                                         CrapetteCard    detail,
                                         const char     *offender);
CrapetteRefusal crapette_position_duty_broken (const CrapettePosition *position,
                                               const CrapetteMove     *move,
                                               CrapetteCard           *detail);
char   *crapette_refusal_call_out_of_turn (const CrapettePosition *position,
                                           CrapetteSeat            seat);
char   *crapette_refusal_message    (const CrapettePosition *position,
                                     const CrapetteMove     *move,
                                     CrapetteRefusal         refusal,
                                     CrapetteCard            detail);

G_END_DECLS

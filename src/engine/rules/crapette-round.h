/* crapette-round.h: one round from its start, with its moves and their history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"

G_BEGIN_DECLS

/**
 * CrapetteRound:
 *
 * A round as it is played: where it started (a deal, or any position read
 * from a record), the moves made since, and the current position. It applies
 * the rule that needs the whole round: a position seen for the third time
 * blocks it. Records, the simulator and #CrapetteGame are built on it.
 *
 * The moves of the turn in play since a card was last turned or uncovered
 * can be taken back (crapette_round_undo()) and played again
 * (crapette_round_redo()); a move taken back is gone from the round, and so
 * from its record.
 */
typedef struct _CrapetteRound CrapetteRound;

/**
 * CrapetteBreach:
 * @offender: the player who broke the duty.
 * @move_index: the index of the breaking move among the round's moves; a call
 *   takes back this move and every later one.
 * @duty: the duty broken, a #CrapetteRefusal such as
 *   %CRAPETTE_REFUSAL_FOUNDATION_FIRST (crapette_refusal_is_duty()).
 * @detail: the card the duty names (the card that should have gone to a
 *   foundation, the reserve's top card), or %CRAPETTE_CARD_NONE.
 *
 * A duty of the order of play broken with "mistakes=called", which the
 * opponent may call.
 */
typedef struct
{
  CrapetteSeat offender;
  guint move_index;
  guint duty;
  CrapetteCard detail;
} CrapetteBreach;

/* The seat a %CRAPETTE_MOVE_STOP played in @before comes from: the player to
 * move if they have not moved yet in their turn (the breaking move ended the
 * other's turn), else the opponent of the player to move. */
static inline CrapetteSeat
crapette_position_caller (const CrapettePosition *before)
{
  return before->moved_this_turn ? crapette_seat_opponent (before->to_move)
                                 : (CrapetteSeat) before->to_move;
}

CrapetteRound          *crapette_round_new_deal        (CrapetteVariant         variant,
                                                        const CrapetteRules    *rules,
                                                        guint64                 deal_number,
                                                        guint                   round_index);
CrapetteRound          *crapette_round_new_hidden_deal (CrapetteVariant         variant,
                                                        const CrapetteRules    *rules,
                                                        guint64                 deal_number,
                                                        guint                   round_index);
gsize                   crapette_round_find_unshown    (const CrapetteRound    *round,
                                                        CrapetteCard           *cards);
gboolean                crapette_round_reveal_card     (CrapetteRound          *round,
                                                        CrapetteCard            hidden,
                                                        CrapetteCard            card,
                                                        GError                **error);
gboolean                crapette_round_show_deal       (CrapetteRound          *round,
                                                        const CrapetteCard     *deck,
                                                        GError                **error);
CrapetteRound          *crapette_round_new_from_position (const CrapettePosition *start,
                                                          gboolean                from_deal);
CrapetteRound          *crapette_round_copy            (const CrapetteRound    *round);
void                    crapette_round_free            (CrapetteRound          *round);
const CrapettePosition *crapette_round_get_start       (const CrapetteRound    *round);
const CrapettePosition *crapette_round_get_position    (const CrapetteRound    *round);
gboolean                crapette_round_is_from_deal    (const CrapetteRound    *round);
guint                   crapette_round_get_n_moves     (const CrapetteRound    *round);
const CrapetteMove     *crapette_round_get_moves       (const CrapetteRound    *round);
const CrapetteMove     *crapette_round_get_move        (const CrapetteRound    *round,
                                                        guint                   index);
gboolean                crapette_round_play            (CrapetteRound          *round,
                                                        const CrapetteMove     *move,
                                                        GError                **error);
guint                   crapette_round_count_repetitions (const CrapetteRound  *round);
GArray                 *crapette_round_find_position_occurrences (const CrapetteRound *round);
guint                   crapette_round_find_idle_stretch (const CrapetteRound *round);
void                    crapette_round_get_position_after (const CrapetteRound *round,
                                                           guint                n_moves,
                                                           CrapettePosition    *position);
guint                   crapette_round_get_undo_floor  (const CrapetteRound    *round);
gboolean                crapette_round_can_undo        (const CrapetteRound    *round);
gboolean                crapette_round_can_redo        (const CrapetteRound    *round);
const CrapetteMove     *crapette_round_get_redo_move   (const CrapetteRound    *round);
gboolean                crapette_round_undo            (CrapetteRound          *round);
gboolean                crapette_round_redo            (CrapetteRound          *round);
gboolean                crapette_round_get_breach      (const CrapetteRound    *round,
                                                        CrapetteBreach         *breach);
gboolean                crapette_round_get_last_call   (const CrapetteRound    *round,
                                                        CrapetteBreach         *breach);
gboolean                crapette_round_may_call        (const CrapetteRound    *round,
                                                        CrapetteSeat            seat);
gboolean                crapette_round_call            (CrapetteRound          *round,
                                                        CrapetteSeat            caller,
                                                        GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapetteRound, crapette_round_free)

G_END_DECLS

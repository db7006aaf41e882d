/* crapette-view.h: what a player at the table can see of a position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "crapette-position.h"
#include "crapette-round.h"

G_BEGIN_DECLS

/**
 * CrapetteView:
 *
 * What anyone at the table sees of a position, read through functions: the
 * piles and their cards (a card lying face down reads as
 * %CRAPETTE_CARD_UNKNOWN), whose turn it is, the counters of the round, and
 * what the player to move may do now. Both players see the same cards (every
 * face-up card is in plain sight of both), so one view serves both seats.
 *
 * A view is immutable and reference-counted: it is made once per position
 * (crapette_game_get_view() makes one per move), handed around by reference,
 * and two views are compared with crapette_view_changed_piles(). The window
 * reads the game only through it, never through #CrapettePosition's fields,
 * so the engine may change that struct freely; and every answer that takes a
 * rule (a tableau pile's direction, the completed sequences, the moves and
 * their targets) comes from the rules themselves, written once in the engine.
 */
typedef struct _CrapetteView CrapetteView;

#define CRAPETTE_TYPE_VIEW (crapette_view_get_type ())

GType                crapette_view_get_type           (void) G_GNUC_CONST;

CrapetteView        *crapette_view_new                (const CrapettePosition *position);
CrapetteView        *crapette_view_new_from_round     (const CrapetteRound    *round,
                                                       guint                   n_moves);
CrapetteView        *crapette_view_ref                (CrapetteView           *view);
void                 crapette_view_unref              (CrapetteView           *view);

CrapetteVariant      crapette_view_get_variant        (const CrapetteView     *view);
const CrapetteRules *crapette_view_get_rules          (const CrapetteView     *view);
guint64              crapette_view_get_deal_number    (const CrapetteView     *view);
guint                crapette_view_get_round_index    (const CrapetteView     *view);
CrapetteSeat         crapette_view_get_to_move        (const CrapetteView     *view);
CrapetteOutcome      crapette_view_get_outcome        (const CrapetteView     *view);
guint                crapette_view_get_move_number    (const CrapetteView     *view);
guint                crapette_view_get_turn_number    (const CrapetteView     *view);
guint                crapette_view_get_passes         (const CrapetteView     *view);
guint                crapette_view_get_idle_turns     (const CrapetteView     *view);
guint                crapette_view_get_cards_left     (const CrapetteView     *view,
                                                       CrapetteSeat            seat);

gboolean             crapette_view_has_pile           (const CrapetteView     *view,
                                                       CrapettePileId          pile);
guint                crapette_view_get_count          (const CrapetteView     *view,
                                                       CrapettePileId          pile);
CrapetteCard         crapette_view_get_card           (const CrapetteView     *view,
                                                       CrapettePileId          pile,
                                                       guint                   depth);
CrapetteCard         crapette_view_get_top            (const CrapetteView     *view,
                                                       CrapettePileId          pile);
int                  crapette_view_get_direction      (const CrapetteView     *view,
                                                       CrapettePileId          pile);
guint                crapette_view_get_completed_sequences (const CrapetteView *view);

const CrapetteMove  *crapette_view_get_legal_moves    (const CrapetteView     *view,
                                                       gsize                  *n_moves);
gboolean             crapette_view_can_pick_up        (const CrapetteView     *view,
                                                       CrapettePileId          pile);
guint32              crapette_view_get_targets        (const CrapetteView     *view,
                                                       CrapettePileId          from);
gboolean             crapette_view_find_move          (const CrapetteView     *view,
                                                       CrapettePileId          from,
                                                       CrapettePileId          to,
                                                       CrapetteMove           *move);

guint32              crapette_view_changed_piles      (const CrapetteView     *before,
                                                       const CrapetteView     *after);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapetteView, crapette_view_unref)

/* Every pile, as a mask of crapette_view_changed_piles() and
 * crapette_view_get_targets(): bit `1 << pile` for each pile. */
#define CRAPETTE_ALL_PILES ((guint32) ((1u << CRAPETTE_N_PILES) - 1))

/*
 * Views as plain positions, for the computer players.
 *
 * A plain view is a #CrapettePosition in which every card lying face down is
 * replaced by %CRAPETTE_CARD_UNKNOWN, so that the search can copy it and
 * play moves on it thousands of times. Legal moves can be listed on it: no
 * rule looks at a card face down.
 *
 * A known view is what a player who remembers the table also knows: every
 * move is made in the open, so a card that was once face up can be followed
 * wherever it goes — into a stock made by turning the waste over, under a
 * card loaded onto a reserve, into an American Bank completed sequence —
 * and is shown although it lies face down. Computer players (and hints)
 * decide from the known view; the table draws the plain view.
 */

void     crapette_view_init            (CrapettePosition       *view,
                                        const CrapettePosition *position);
void     crapette_view_init_known      (CrapettePosition       *view,
                                        const CrapettePosition *position);
gsize    crapette_view_unseen_cards    (const CrapettePosition *view,
                                        CrapetteCard           *cards);
gsize    crapette_view_hidden_slots    (const CrapettePosition *view,
                                        CrapettePileId         *piles,
                                        guint8                 *depths);
void     crapette_view_fill            (CrapettePosition       *view,
                                        const CrapetteCard     *cards);

G_END_DECLS

/* crapette-position.h: a whole position of a round in one plain struct
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-rules.h"
#include "crapette-types.h"

G_BEGIN_DECLS

/* No pile ever holds more cards than there are on the table. */
#define CRAPETTE_PILE_CAPACITY CRAPETTE_MAX_CARDS

/**
 * CrapettePile:
 *
 * A pile of cards, @cards[0] at the bottom and @cards[@count - 1] on top.
 */
typedef struct
{
  guint8 count;
  CrapetteCard cards[CRAPETTE_PILE_CAPACITY];
} CrapettePile;

/**
 * CrapettePosition:
 *
 * Everything that decides what may happen next in a round: the piles, whose
 * turn it is, the obligations the turn has built up and the counters that end
 * a blocked round. It holds no pointer, so it may be copied with memcpy() or
 * plain assignment; computer players copy it thousands of times.
 *
 * Which cards lie face down is not stored: it follows from the pile kind (see
 * crapette_position_is_face_up()). Repetition of positions is tracked outside,
 * by #CrapetteRound, since it needs the whole round.
 */
typedef struct
{
  CrapettePile piles[CRAPETTE_N_PILES];
  CrapetteRules rules;
  guint64 deal_number;
  guint32 turn_number;        /* turns completed since the deal */
  guint32 move_number;        /* moves applied since the deal */
  guint16 idle_turns;         /* turns in a row without progress */
  guint16 low_water[CRAPETTE_N_SEATS]; /* fewest cards left each player has had */
  guint8 variant;             /* CrapetteVariant */
  guint8 to_move;             /* CrapetteSeat */
  guint8 dealer;              /* CrapetteSeat: American Bank's dealer; Russian Bank: second to play */
  guint8 round_index;         /* 0 for the first round of a match */
  guint8 outcome;             /* CrapetteOutcome */
  guint8 block_reason;        /* CrapetteBlockReason */
  guint8 winner;              /* CrapetteSeat, or CRAPETTE_NO_SEAT */
  guint8 passes;              /* turns in a row ended without a move */
  guint8 moved_this_turn;     /* a card has moved in this turn */
  guint8 progress_this_turn;  /* a card reached a foundation or a sequence was completed */
  guint8 opened_houses;       /* bit per house: emptied by the player to move, still owed a card */
  guint8 laid_out;            /* American Bank: bit per seat, tableau row laid out */
  guint8 stock_seen;          /* bit per seat: the stock is the waste turned over, in known order */
  guint8 reserve_seen[CRAPETTE_N_SEATS]; /* cards under each reserve's top that have been face up */
  guint8 stock_top_seen[CRAPETTE_N_SEATS]; /* cards on top of each stock that have been face up:
                                            * turned by moves a "Stop!" took back */
} CrapettePosition;

void          crapette_position_deal          (CrapettePosition       *position,
                                               CrapetteVariant         variant,
                                               const CrapetteRules    *rules,
                                               guint64                 deal_number,
                                               guint                   round_index);
void          crapette_position_deal_hidden   (CrapettePosition       *position,
                                               CrapetteVariant         variant,
                                               const CrapetteRules    *rules,
                                               guint64                 deal_number,
                                               guint                   round_index);
guint         crapette_position_shuffle       (CrapetteVariant         variant,
                                               const CrapetteRules    *rules,
                                               guint64                 deal_number,
                                               guint                   round_index,
                                               CrapetteCard           *deck);
gboolean      crapette_position_holds_stand_ins (const CrapettePosition *position);
gsize         crapette_position_find_unshown  (const CrapettePosition *position,
                                               CrapetteCard           *cards);
gboolean      crapette_position_show_card     (CrapettePosition       *position,
                                               CrapetteCard            hidden,
                                               CrapetteCard            card);
guint         crapette_position_unknown_count (const CrapettePosition *position,
                                               CrapettePileId          pile);
gsize         crapette_position_legal_moves   (const CrapettePosition *position,
                                               CrapetteMove           *moves);
gboolean      crapette_position_check_move    (const CrapettePosition *position,
                                               const CrapetteMove     *move,
                                               GError                **error);
gboolean      crapette_position_is_legal      (const CrapettePosition *position,
                                               const CrapetteMove     *move);
void          crapette_position_apply_move    (CrapettePosition       *position,
                                               const CrapetteMove     *move);
void          crapette_position_pass_turn     (CrapettePosition       *position);
void          crapette_position_block         (CrapettePosition       *position,
                                               CrapetteBlockReason     reason);
void          crapette_position_score         (const CrapettePosition *position,
                                               CrapetteRoundResult    *result);
guint         crapette_position_cards_left    (const CrapettePosition *position,
                                               CrapetteSeat            seat);
gboolean      crapette_position_is_face_up    (const CrapettePosition *position,
                                               CrapettePileId          pile,
                                               guint                   depth);
guint64       crapette_position_hash          (const CrapettePosition *position);
gboolean      crapette_position_check_invariants (const CrapettePosition *position,
                                                  GError                **error);
gboolean      crapette_position_equal         (const CrapettePosition *a,
                                               const CrapettePosition *b);

static inline const CrapettePile *
crapette_position_pile (const CrapettePosition *position,
                        CrapettePileId          pile)
{
  return &position->piles[pile];
}

/* The top card of @pile, or %CRAPETTE_CARD_NONE when it is empty. */
static inline CrapetteCard
crapette_position_top (const CrapettePosition *position,
                       CrapettePileId          pile)
{
  const CrapettePile *p = &position->piles[pile];

  return p->count > 0 ? p->cards[p->count - 1] : CRAPETTE_CARD_NONE;
}

G_END_DECLS

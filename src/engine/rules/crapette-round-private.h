/* crapette-round-private.h: what the round's files share of its insides
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crapette-round.c plays moves and keeps the repetition table and the "Stop!" call;
 * crapette-round-undo.c takes moves back and plays them again; crapette-round-replay.c
 * replays a round from its start to tell what stood when.
 */

#pragma once

#include "crapette-round.h"

G_BEGIN_DECLS

/* How often a position may occur; the next occurrence blocks the round. */
#define REPETITIONS_ALLOWED 2

/* The positions seen so far, as an open-addressing table of hashes and
 * counts. A 64-bit hash makes a false repetition vanishingly unlikely and
 * keeps the table small enough to copy with a round. */
typedef struct
{
  guint64 hash;
  guint32 count;
} Seen;

struct _CrapetteRound
{
  CrapettePosition start;
  CrapettePosition position;
  GArray *moves;          /* CrapetteMove */
  Seen *seen;
  gsize seen_capacity;    /* a power of two */
  gsize seen_used;
  guint repetitions;      /* positions that have occurred more than once */
  guint undo_floor;       /* the first move that may still be taken back */
  GArray *undone;         /* CrapetteMove: moves taken back, the last taken back last */
  gboolean from_deal;
  /* A hidden deal's card lies face up, not shown yet: the position is remembered for the
   * repetition rule once it is (crapette_round_reveal_card()). */
  gboolean hash_owed;

  /* The hash of every position the round has really passed through, in
   * order; a call drops those the moves it takes back had reached, and the
   * repetition table is made again from what is left. */
  GArray *history;        /* guint64 */

  /* The first move of the turn that broke a duty of the order of play, while
   * the opponent may still call it ("mistakes=called"). */
  gboolean has_breach;
  CrapetteBreach breach;
  CrapetteBreach last_call;  /* the breach the last move, a call, stopped */
  guint breach_history;   /* the length of @history before the breaking move */
  CrapettePosition before_breach;
};

guint32 crapette_round_remember          (CrapetteRound      *round,
                                          guint64             hash);
void    crapette_round_forget_everything (CrapetteRound      *round);
void    crapette_round_play_accepted     (CrapetteRound      *round,
                                          const CrapetteMove *move);

G_END_DECLS

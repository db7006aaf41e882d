/* crapette-search.h: the turn search and the evaluations the computer players share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"
#include "crapette-random.h"

G_BEGIN_DECLS

/* Longest run of moves a search follows inside one turn. */
#define CRAPETTE_SEARCH_MAX_DEPTH 48

/* Positions a search expands before it settles for the sequences found. */
#define CRAPETTE_SEARCH_DEFAULT_NODES 4000

/**
 * CrapetteSequenceEnd:
 * @CRAPETTE_SEQUENCE_TURNS: the last move turns a card from the stock; what
 *   comes up is unknown, so the search stops there. @end is the position
 *   before the turn.
 * @CRAPETTE_SEQUENCE_ENDS_TURN: the last move ends the turn (a discard, or
 *   ending with nothing to turn); @end is the opponent's to play.
 * @CRAPETTE_SEQUENCE_REVEALS: the last move uncovers a face-down card (a
 *   reserve card), which must be seen before the turn goes on.
 * @CRAPETTE_SEQUENCE_FINISHES: the last move ends the round.
 *
 * Why a sequence of moves stops where it does.
 */
typedef enum
{
  CRAPETTE_SEQUENCE_TURNS = 0,
  CRAPETTE_SEQUENCE_ENDS_TURN,
  CRAPETTE_SEQUENCE_REVEALS,
  CRAPETTE_SEQUENCE_FINISHES
} CrapetteSequenceEnd;

/**
 * CrapetteSequence:
 *
 * One way the player to move can go on until the next unknown: the moves,
 * the position they lead to, and a key that tells that position apart, which
 * players use to break ties the same way whatever path found it.
 */
typedef struct
{
  const CrapetteMove *moves;
  guint n_moves;
  const CrapettePosition *end;
  CrapetteSequenceEnd how;
  guint64 key;
} CrapetteSequence;

/**
 * CrapetteTurnMemory:
 * @left_houses: for each card, the houses it has left this turn, one bit
 *   per house (crapette_pile_index()).
 * @moved: the cards moved since a card last turned up (a stock card turned
 *   or a reserve card uncovered).
 *
 * What a player remembers of the turn in play, so that its turn goes
 * somewhere: crapette-search-memory.c.
 */
typedef struct
{
  guint8 left_houses[CRAPETTE_MAX_CARDS];
  guint8 moved[CRAPETTE_MAX_CARDS];
} CrapetteTurnMemory;

void     crapette_turn_memory_clear       (CrapetteTurnMemory       *memory);
void     crapette_turn_memory_record      (CrapetteTurnMemory       *memory,
                                           const CrapetteMove       *move,
                                           const CrapettePosition   *after);
gboolean crapette_turn_memory_allows      (const CrapetteTurnMemory *memory,
                                           const CrapetteMove       *move);

/* Called for every sequence found; the sequence lives only during the call. */
typedef void (*CrapetteSequenceFunc) (const CrapetteSequence *sequence,
                                      gpointer                user_data);

/* Scores a position for @seat; higher is better. */
typedef gint64 (*CrapetteEvaluateFunc) (const CrapettePosition *position,
                                        CrapetteSeat            seat,
                                        CrapetteSequenceEnd     how);

guint    crapette_search_sequences        (const CrapettePosition *start,
                                           const CrapetteTurnMemory *memory,
                                           guint                   max_nodes,
                                           CrapetteSequenceFunc    func,
                                           gpointer                user_data);

gboolean crapette_search_prefers          (const CrapetteSequence *sequence,
                                           gint64                  score,
                                           gint64                  held_score,
                                           guint                   held_n_moves,
                                           guint64                 held_key);

gint64   crapette_search_greedy_key       (const CrapettePosition *position,
                                           CrapetteSeat            seat,
                                           CrapetteSequenceEnd     how);
gint64   crapette_search_evaluate         (const CrapettePosition *position,
                                           CrapetteSeat            seat,
                                           CrapetteSequenceEnd     how);
gint64   crapette_search_evaluate_ahead   (const CrapettePosition *position,
                                           CrapetteSeat            seat,
                                           CrapetteSequenceEnd     how);

gboolean crapette_search_best_sequence    (const CrapettePosition *start,
                                           const CrapetteTurnMemory *memory,
                                           guint                   max_nodes,
                                           CrapetteEvaluateFunc    evaluate,
                                           CrapetteMove           *moves,
                                           guint                  *n_moves,
                                           guint                  *nodes_used);
gboolean crapette_search_best_plain_sequence (const CrapettePosition *start,
                                              const CrapetteTurnMemory *memory,
                                              guint                   max_nodes,
                                              CrapetteEvaluateFunc    evaluate,
                                              CrapetteMove           *moves,
                                              guint                  *n_moves);
void     crapette_search_choose           (const CrapettePosition *view,
                                           const CrapetteTurnMemory *memory,
                                           guint                   max_nodes,
                                           CrapetteEvaluateFunc    evaluate,
                                           CrapetteMove           *move);
guint    crapette_search_play_turn        (CrapettePosition       *position,
                                           guint                   max_nodes,
                                           guint                   max_sequences,
                                           CrapetteEvaluateFunc    evaluate);
void     crapette_search_determinize      (const CrapettePosition *view,
                                           CrapetteRandom         *random,
                                           CrapettePosition       *sample);
guint64  crapette_search_view_seed        (const CrapettePosition *view,
                                           guint64                 player_seed);

G_END_DECLS

/* crapette-search.c: the turn search and the evaluations the computer players share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A turn is a chain of decisions broken by chance: every card turned from
 * the stock, and every reserve card uncovered, is unknown until it shows.
 * The search therefore follows every order of the moves available now up to
 * the next unknown (or the end of the turn), visiting each position once,
 * and hands each way of getting there to the caller as a sequence.
 */

#define G_LOG_DOMAIN "crapette-search"

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-random.h"
#include "crapette-search.h"

#include "crapette-view.h"

#define GOLDEN G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)

typedef struct
{
  CrapettePosition position;
  CrapetteMove move;          /* the move that led here from the parent */
  guint parent;
  guint depth;
} Node;

typedef struct
{
  guint64 *slots;             /* open addressing; 0 marks a free slot */
  guint mask;
  Node *nodes;
  guint n_nodes;
  guint nodes_allocated;
  guint max_nodes;
  const CrapetteTurnMemory *memory;
  CrapetteMove path[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  CrapetteSequenceFunc func;
  gpointer user_data;
} Search;

/* Hashes a pile's cards eight at a time; the count goes in too, so that
 * piles of different lengths never share a tail. */
static inline guint64
pile_hash (const CrapettePile *pile,
           guint64             salt)
{
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325) ^ salt ^ ((guint64) pile->count << 56);
  guint64 tail = 0;
  guint i = 0;

  for (; i + 8 <= pile->count; i += 8)
    {
      guint64 chunk;

      memcpy (&chunk, &pile->cards[i], sizeof chunk);
      hash = crapette_random_mix (hash ^ chunk);
    }
  for (; i < pile->count; i++)
    tail = (tail << 8) | pile->cards[i];
  return crapette_random_mix (hash ^ tail);
}

/* What tells two positions of one turn apart for the search: each player's
 * own piles, the player to move and the duties of the turn so far; but the
 * houses (tableau piles) as a set, and the foundations too, since no rule
 * cares which one holds what. Moving a card to one house or to another just
 * like it then leads to the same position, and the search stays small. */
static guint64
node_key (const CrapettePosition *position)
{
  guint64 key = crapette_random_mix (position->to_move + 2 * (guint64) position->moved_this_turn + 1);
  guint64 houses = 0;
  guint64 foundations = 0;

  /* No move of a search changes a stock: turning a card ends a sequence
   * before the card is turned. Within one search a stock's count therefore
   * tells all there is, and hashing its cards (the longest piles, and in a
   * view all unknown anyway) would only cost time. */
  for (guint pile = 0; pile < CRAPETTE_FIRST_HOUSE; pile++)
    {
      if (crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_STOCK)
        key ^= crapette_random_mix (((guint64) position->piles[pile].count << 8) + pile + 1);
      else
        key ^= pile_hash (&position->piles[pile], pile + 1);
    }
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      /* An empty house is told apart only by what the rules attach to it:
       * a card owed to it, or (American Bank) a row not laid out yet. */
      guint64 salt = 0x100;

      if (position->opened_houses & (1u << i))
        salt |= 0x200;
      if (position->variant == CRAPETTE_VARIANT_AMERICAN &&
          !(position->laid_out & (1u << (i < CRAPETTE_N_HOUSES / 2 ? 0 : 1))))
        salt |= 0x400;
      houses += pile_hash (&position->piles[crapette_pile_house (i)], salt);
    }
  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    foundations += pile_hash (&position->piles[crapette_pile_foundation (i)], 0x800);
  key ^= crapette_random_mix (houses) ^ crapette_random_mix (foundations + GOLDEN);
  return key != 0 ? key : 1;
}

/* Marks @key as seen; FALSE when it already was. */
static gboolean
visit (Search  *search,
       guint64  key)
{
  guint slot = (guint) key & search->mask;

  while (search->slots[slot] != 0)
    {
      if (search->slots[slot] == key)
        return FALSE;
      slot = (slot + 1) & search->mask;
    }
  search->slots[slot] = key;
  return TRUE;
}

static Node *
add_node (Search *search)
{
  if (search->n_nodes == search->nodes_allocated)
    {
      search->nodes_allocated = MAX (16, 2 * search->nodes_allocated);
      search->nodes = g_renew (Node, search->nodes, search->nodes_allocated);
    }
  return &search->nodes[search->n_nodes++];
}

/* Reports the moves from the start to node @index, then @last. */
static void
report (Search                 *search,
        guint                   index,
        const CrapetteMove     *last,
        const CrapettePosition *end,
        CrapetteSequenceEnd     how)
{
  guint depth = search->nodes[index].depth;
  CrapetteSequence sequence = {
    .moves = search->path,
    .n_moves = depth + 1,
    .end = end,
    .how = how,
    .key = node_key (end) ^ how,
  };

  search->path[depth] = *last;
  for (guint i = index; i != 0; i = search->nodes[i].parent)
    search->path[search->nodes[i].depth - 1] = search->nodes[i].move;

  search->func (&sequence, search->user_data);
}

/* Whether @move, at node @index, moves a card with a purpose: a card goes to a
 * house only if the turn memory allows it and it has not moved already on the
 * way to this node. A card moved twice with nothing turned up in between
 * could have gone to its second place at once; one put back where it was
 * has done nothing. Without this, a turn could wander between positions the
 * judgement likes as much, which a person watching takes for shuffling. */
static gboolean
moves_with_purpose (const Search       *search,
                    guint               index,
                    const CrapetteMove *move)
{
  if (move->kind != CRAPETTE_MOVE_CARD || crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_HOUSE)
    return TRUE;
  if (!crapette_turn_memory_allows (search->memory, move))
    return FALSE;
  for (guint i = index; i != 0; i = search->nodes[i].parent)
    {
      const CrapetteMove *earlier = &search->nodes[i].move;

      if (earlier->kind == CRAPETTE_MOVE_CARD && earlier->card == move->card)
        return FALSE;
    }
  return TRUE;
}

/* Lists the moves of node @index and reports or queues where they lead.
 * The node array may move as it grows, so nodes are reached by index. */
static void
expand (Search *search,
        guint   index)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (&search->nodes[index].position, moves);
  CrapetteSeat mover = search->nodes[index].position.to_move;
  guint depth = search->nodes[index].depth;
  CrapettePosition child;

  for (gsize i = 0; i < n_moves; i++)
    {
      const CrapetteMove *move = &moves[i];

      if (move->kind == CRAPETTE_MOVE_TURN)
        {
          /* The card that comes up is unknown: stop before it. */
          child = search->nodes[index].position;
          report (search, index, move, &child, CRAPETTE_SEQUENCE_TURNS);
          continue;
        }
      if (!moves_with_purpose (search, index, move))
        continue;

      child = search->nodes[index].position;
      crapette_position_apply_move (&child, move);
      if (child.outcome != CRAPETTE_OUTCOME_PLAYING)
        report (search, index, move, &child, CRAPETTE_SEQUENCE_FINISHES);
      else if (child.to_move != mover)
        report (search, index, move, &child, CRAPETTE_SEQUENCE_ENDS_TURN);
      else if (move->kind == CRAPETTE_MOVE_CARD &&
               crapette_position_top (&child, move->from) == CRAPETTE_CARD_UNKNOWN)
        report (search, index, move, &child, CRAPETTE_SEQUENCE_REVEALS);
      else if (depth + 1 < CRAPETTE_SEARCH_MAX_DEPTH && search->n_nodes < search->max_nodes &&
               visit (search, node_key (&child)))
        {
          Node *node = add_node (search);

          node->position = child;
          node->move = *move;
          node->parent = index;
          node->depth = depth + 1;
        }
    }
}

/* Calls @func for every way the player to move in @start can play up to the
 * next unknown card or the end of the turn, expanding at most @max_nodes
 * positions; returns how many it expanded. @start may be a view. @memory
 * (may be %NULL) is what the player remembers of the turn so far; no card
 * moves to a house it forbids, and none moves to a house twice.
 *
 * The search goes breadth first, so every position is reached by a shortest
 * path. That keeps a player that searches afresh after each move on course:
 * its next search reaches the same end by a path one move shorter, and
 * never by undoing the move just made, which could repeat positions. */
guint
crapette_search_sequences (const CrapettePosition   *start,
                           const CrapetteTurnMemory *memory,
                           guint                   max_nodes,
                           CrapetteSequenceFunc    func,
                           gpointer                user_data)
{
  Search search = { 0 };
  guint capacity = 64;
  Node *root;

  g_return_val_if_fail (start != NULL, 0);
  g_return_val_if_fail (func != NULL, 0);

  if (start->outcome != CRAPETTE_OUTCOME_PLAYING)
    return 0;

  search.max_nodes = MAX (max_nodes, 1);
  while (capacity < 2 * search.max_nodes + 2)
    capacity *= 2;
  search.slots = g_new0 (guint64, capacity);
  search.mask = capacity - 1;
  search.memory = memory;
  search.func = func;
  search.user_data = user_data;

  root = add_node (&search);
  root->position = *start;
  root->parent = 0;
  root->depth = 0;
  visit (&search, node_key (start));

  for (guint index = 0; index < search.n_nodes; index++)
    expand (&search, index);

  g_free (search.nodes);
  g_free (search.slots);
  return search.n_nodes;
}

/* ---- Evaluations ---------------------------------------------------------- */

typedef struct
{
  guint reserve[CRAPETTE_N_SEATS];
  guint stock_and_waste[CRAPETTE_N_SEATS];
  guint foundation_cards;
  guint house_cards;
  guint empty_houses;
} Census;

static void
take_census (const CrapettePosition *position,
             Census                 *census)
{
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      census->reserve[seat] =
        position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)].count;
      census->stock_and_waste[seat] =
        position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)].count +
        position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)].count +
        position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat)].count;
    }
  census->foundation_cards = 0;
  census->house_cards = 0;
  census->empty_houses = 0;
  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    census->foundation_cards += position->piles[crapette_pile_foundation (i)].count;
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      guint count = position->piles[crapette_pile_house (i)].count;

      census->house_cards += count;
      census->empty_houses += count == 0;
    }
}

/* The winner of a finished round, or %CRAPETTE_NO_SEAT. */
static CrapetteSeat
finished_winner (const CrapettePosition *position)
{
  if (position->outcome == CRAPETTE_OUTCOME_PLAYING)
    return CRAPETTE_NO_SEAT;
  return position->winner < CRAPETTE_N_SEATS ? (CrapetteSeat) position->winner : CRAPETTE_NO_SEAT;
}

/* Above every greedy key, yet small enough that sums over samples cannot overflow. */
#define WIN_SCORE (G_GINT64_CONSTANT (1) << 50)

/* The fixed ordering of the known Russian Bank programs, as one number for
 * @seat: cards on foundations (American Bank: completed sequences, then cards
 * in the tableau), then fewer cards in the own reserve, then in the own stock
 * and waste, then more empty houses. */
gint64
crapette_search_greedy_key (const CrapettePosition *position,
                            CrapetteSeat            seat,
                            CrapetteSequenceEnd     how)
{
  CrapetteSeat winner = finished_winner (position);
  Census census;
  gint64 key;

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING && winner != CRAPETTE_NO_SEAT)
    return winner == seat ? WIN_SCORE : -WIN_SCORE;

  take_census (position, &census);
  key = (gint64) census.foundation_cards << 40;
  if (position->variant == CRAPETTE_VARIANT_AMERICAN)
    key |= (gint64) census.house_cards << 32;
  key |= (gint64) (255 - MIN (census.reserve[seat], 255)) << 24;
  key |= (gint64) (255 - MIN (census.stock_and_waste[seat], 255)) << 16;
  key |= (gint64) census.empty_houses << 8;
  return key;
}

/* How much each thing counts in a judgement, in hundredths of a card. */
typedef struct
{
  gint64 reserve_card;        /* Russian Bank: a card in a reserve; a stock card counts 100 */
  gint64 foundation_card;
  gint64 empty_house;         /* to the player about to move; against the other */
} Weights;

static const Weights medium_weights[] = {
  [CRAPETTE_VARIANT_RUSSIAN] = { .reserve_card = 250, .foundation_card = 5, .empty_house = 40 },
  [CRAPETTE_VARIANT_AMERICAN] = { .reserve_card = 0, .foundation_card = 2, .empty_house = 60 },
};

/* After the opponent's reply, a reserve card left over weighs more than in
 * the middle of a turn: it blocks the stock and takes a house to get rid of,
 * and an open house is a place to put one. Fitted on Hard against greedy
 * (docs/computer-players.md). */
static const Weights ahead_weights[] = {
  [CRAPETTE_VARIANT_RUSSIAN] = { .reserve_card = 400, .foundation_card = 5, .empty_house = 100 },
  [CRAPETTE_VARIANT_AMERICAN] = { .reserve_card = 0, .foundation_card = 2, .empty_house = 60 },
};

/* The cards each player still holds (a reserve card weighs more, being
 * harder to place), so that loading the opponent counts as much as playing
 * off; and empty houses, which are worth having when it is one's turn and
 * cost something when the opponent moves next. */
static gint64
evaluate_with (const CrapettePosition *position,
               CrapetteSeat            seat,
               const Weights          *weights)
{
  CrapetteSeat opponent = crapette_seat_opponent (seat);
  CrapetteSeat winner = finished_winner (position);
  const Weights *w = &weights[position->variant == CRAPETTE_VARIANT_AMERICAN];
  Census census;
  gint64 value;

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING && winner != CRAPETTE_NO_SEAT)
    return winner == seat ? WIN_SCORE : -WIN_SCORE;

  take_census (position, &census);
  value = w->reserve_card * ((gint64) census.reserve[opponent] - census.reserve[seat]);
  value += 100 * ((gint64) census.stock_and_waste[opponent] - census.stock_and_waste[seat]);
  value += w->foundation_card * census.foundation_cards;
  value += (position->to_move == seat ? w->empty_house : -w->empty_house) * census.empty_houses;
  return value;
}

/* Medium's judgement of @position for @seat, in hundredths of a card. */
gint64
crapette_search_evaluate (const CrapettePosition *position,
                          CrapetteSeat            seat,
                          CrapetteSequenceEnd     how)
{
  return evaluate_with (position, seat, medium_weights);
}

/* Hard's judgement of @position for @seat once the opponent has replied. */
gint64
crapette_search_evaluate_ahead (const CrapettePosition *position,
                                CrapetteSeat            seat,
                                CrapetteSequenceEnd     how)
{
  return evaluate_with (position, seat, ahead_weights);
}

/* ---- Picking and playing sequences ---------------------------------------- */

/* Whether @sequence, whose end scores @score, is to be kept over the sequence held so far
 * (@held_score, @held_n_moves away, @held_key): the better end; between ends judged alike,
 * the one fewer moves away, so that no move is made for nothing; then the larger key, so
 * that the choice depends on where a sequence leads and not on the order the search
 * happened to find it (breadth first, a sequence's length is the distance to its end). */
gboolean
crapette_search_prefers (const CrapetteSequence *sequence,
                         gint64                  score,
                         gint64                  held_score,
                         guint                   held_n_moves,
                         guint64                 held_key)
{
  if (score != held_score)
    return score > held_score;
  if (sequence->n_moves != held_n_moves)
    return sequence->n_moves < held_n_moves;
  return sequence->key > held_key;
}

typedef struct
{
  CrapetteEvaluateFunc evaluate;
  CrapetteSeat seat;
  gboolean found;
  gint64 best_score;
  guint64 best_key;
  CrapetteMove *moves;
  guint n_moves;
} BestSequence;

static void
keep_best_sequence (const CrapetteSequence *sequence,
                    gpointer                user_data)
{
  BestSequence *best = user_data;
  gint64 score = best->evaluate (sequence->end, best->seat, sequence->how);

  if (best->found &&
      !crapette_search_prefers (sequence, score, best->best_score, best->n_moves, best->best_key))
    return;

  best->found = TRUE;
  best->best_score = score;
  best->best_key = sequence->key;
  best->n_moves = sequence->n_moves;
  for (guint i = 0; i < sequence->n_moves; i++)
    best->moves[i] = sequence->moves[i];
}

/* Fills @moves (room for %CRAPETTE_SEARCH_MAX_DEPTH + 1) with the sequence
 * from @start that @evaluate likes best for the player to move; FALSE when
 * the search found none. */
gboolean
crapette_search_best_sequence (const CrapettePosition   *start,
                               const CrapetteTurnMemory *memory,
                               guint                   max_nodes,
                               CrapetteEvaluateFunc    evaluate,
                               CrapetteMove           *moves,
                               guint                  *n_moves,
                               guint                  *nodes_used)
{
  BestSequence best = { .evaluate = evaluate, .moves = moves };
  guint nodes;

  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (evaluate != NULL, FALSE);
  g_return_val_if_fail (moves != NULL && n_moves != NULL, FALSE);

  best.seat = start->to_move;

  nodes = crapette_search_sequences (start, memory, max_nodes, keep_best_sequence, &best);
  if (nodes_used != NULL)
    *nodes_used = nodes;
  *n_moves = best.n_moves;
  return best.found && best.n_moves > 0;
}

/* Sets @move to the first move of the best sequence from @view, or to the
 * first legal move if the search found none. */
void
crapette_search_choose (const CrapettePosition   *view,
                        const CrapetteTurnMemory *memory,
                        guint                   max_nodes,
                        CrapetteEvaluateFunc    evaluate,
                        CrapetteMove           *move)
{
  CrapetteMove sequence[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  guint n_moves;

  if (crapette_search_best_sequence (view, memory, max_nodes, evaluate, sequence, &n_moves, NULL))
    {
      *move = sequence[0];
    }
  else
    {
      CrapetteMove legal[CRAPETTE_MAX_MOVES];
      gsize n_legal = crapette_position_legal_moves (view, legal);

      g_return_if_fail (n_legal > 0);
      *move = legal[0];
    }
}

/* Plays on for the player to move in @position, which holds no unknown
 * card, until the turn ends or @max_sequences sequences are played, choosing
 * each with @evaluate; returns the positions expanded. For look-ahead. */
guint
crapette_search_play_turn (CrapettePosition     *position,
                           guint                 max_nodes,
                           guint                 max_sequences,
                           CrapetteEvaluateFunc  evaluate)
{
  CrapetteSeat mover = position->to_move;
  CrapetteMove sequence[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  CrapetteTurnMemory memory;
  guint n_moves;
  guint total_nodes = 0;

  /* The play-out starts in the middle of a turn whose earlier moves it does
   * not know; from here on it plays as the player would, with a memory. */
  crapette_turn_memory_clear (&memory);

  /* Each sequence turns a card or ends the turn, so the stock and waste
   * bound the loop even without @max_sequences. */
  for (guint played = 0; played < max_sequences; played++)
    {
      guint nodes = 0;

      if (position->outcome != CRAPETTE_OUTCOME_PLAYING || position->to_move != mover)
        break;

      if (!crapette_search_best_sequence (position, &memory, max_nodes, evaluate, sequence,
                                          &n_moves, &nodes))
        {
          CrapetteMove legal[CRAPETTE_MAX_MOVES];

          if (crapette_position_legal_moves (position, legal) == 0)
            break;
          sequence[0] = legal[0];
          n_moves = 1;
        }
      total_nodes += nodes;
      for (guint i = 0; i < n_moves && position->outcome == CRAPETTE_OUTCOME_PLAYING; i++)
        {
          crapette_position_apply_move (position, &sequence[i]);
          crapette_turn_memory_record (&memory, &sequence[i], position);
        }
    }
  return total_nodes;
}

/* A seed for one decision that depends only on @view and the player's own
 * seed, so that a player decides the same way whenever it sees the same. */
guint64
crapette_search_view_seed (const CrapettePosition *view,
                           guint64                 player_seed)
{
  return node_key (view) ^ (player_seed * GOLDEN) ^ ((guint64) view->turn_number << 32) ^
         view->passes;
}

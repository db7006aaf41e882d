/* test-hidden-round.c: a round dealt hidden plays exactly as the same deal played open
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hidden round holds a stand-in for every card nobody has seen, and is told a card only
 * when the rules turn it up. Random rounds of both games, with mistakes prevented and
 * called (and "Stop!" called at random), are played twice from the same deal: open, and
 * hidden with each card shown just in time from the real deck. The legal moves, the
 * hashes, the positions and the records must be the same at every step, and the hidden
 * round must never hold a card that is face down and unseen.
 */

#include <string.h>

#include <gio/gio.h>

#include "crapette-card.h"
#include "crapette-notation.h"
#include "crapette-position.h"
#include "crapette-refusal.h"
#include "crapette-round.h"
#include "crapette-rules.h"
#include "crapette-view.h"
#include "hidden-walk.h"

#define MAX_MOVES_PER_ROUND 4000

/* Shows every stand-in lying face up in @hidden from @deck; returns how many. */
static guint
show_due_cards (CrapetteRound      *hidden,
                const CrapetteCard *deck)
{
  CrapetteCard due[CRAPETTE_MAX_CARDS];
  gsize n = crapette_round_find_unshown (hidden, due);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (crapette_round_reveal_card (hidden, due[i],
                                                 deck[crapette_card_hidden_index (due[i])],
                                                 &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (crapette_round_find_unshown (hidden, NULL), ==, 0);
  return (guint) n;
}

/* @hidden with every stand-in replaced by the card it stands for. */
static void
fill_from_deck (CrapettePosition   *filled,
                const CrapettePosition *hidden,
                const CrapetteCard *deck)
{
  *filled = *hidden;
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    for (guint depth = 0; depth < filled->piles[pile].count; depth++)
      {
        CrapetteCard card = filled->piles[pile].cards[depth];

        if (crapette_card_is_hidden (card))
          filled->piles[pile].cards[depth] = deck[crapette_card_hidden_index (card)];
      }
}

/* The hidden round holds a real card exactly where both players know it, and a stand-in
 * wherever the card lies face down unseen. */
static void
assert_holds_only_what_is_known (const CrapettePosition *hidden,
                                 const CrapettePosition *open)
{
  CrapettePosition known;

  crapette_view_init_known (&known, open);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_assert_cmpuint (hidden->piles[pile].count, ==, open->piles[pile].count);
      g_assert_cmpuint (crapette_position_unknown_count (open, pile), ==,
                        crapette_position_unknown_count (hidden, pile));
      for (guint depth = 0; depth < open->piles[pile].count; depth++)
        {
          CrapetteCard held = hidden->piles[pile].cards[depth];

          if (known.piles[pile].cards[depth] == CRAPETTE_CARD_UNKNOWN)
            g_assert_true (crapette_card_is_hidden (held));
          else
            g_assert_cmpuint (held, ==, open->piles[pile].cards[depth]);
        }
    }
}

static void
assert_same_moves (const CrapettePosition *hidden,
                   const CrapettePosition *open,
                   CrapetteMove           *moves,
                   gsize                  *n_moves)
{
  CrapetteMove hidden_moves[CRAPETTE_MAX_MOVES];
  gsize n_hidden = crapette_position_legal_moves (hidden, hidden_moves);

  *n_moves = crapette_position_legal_moves (open, moves);
  g_assert_cmpuint (n_hidden, ==, *n_moves);
  for (gsize i = 0; i < n_hidden; i++)
    {
      g_assert_true (crapette_move_same_action (&hidden_moves[i], &moves[i]));
      /* A card move names the card that moves, which is face up and so known. */
      if (moves[i].kind == CRAPETTE_MOVE_CARD)
        g_assert_cmpuint (hidden_moves[i].card, ==, moves[i].card);
    }
}

/* The whole deal shown at the end: refused if it differs from a card shown in play or holds
 * a card twice; accepted, it makes the hidden round the open one. */
static void
assert_show_deal (CrapetteRound      *hidden,
                  CrapetteRound      *open,
                  const CrapetteCard *deck,
                  guint               n_cards,
                  GRand              *rand)
{
  const CrapettePosition *start = crapette_round_get_start (hidden);
  CrapettePosition dealt;
  CrapetteCard wrong[CRAPETTE_MAX_CARDS];
  g_autoptr(GError) error = NULL;
  guint shown_place = G_MAXUINT;

  crapette_position_deal_hidden (&dealt, start->variant, &start->rules, start->deal_number,
                                 start->round_index);
  for (guint pile = 0; pile < CRAPETTE_N_PILES && shown_place == G_MAXUINT; pile++)
    for (guint depth = 0; depth < dealt.piles[pile].count; depth++)
      if (!crapette_card_is_hidden (start->piles[pile].cards[depth]))
        {
          shown_place = crapette_card_hidden_index (dealt.piles[pile].cards[depth]);
          break;
        }
  g_assert_cmpuint (shown_place, <, n_cards);

  /* The card shown there swapped with another of its pack. */
  memcpy (wrong, deck, n_cards);
  {
    guint other = (shown_place / CRAPETTE_CARDS_PER_PACK) * CRAPETTE_CARDS_PER_PACK +
                  (shown_place % CRAPETTE_CARDS_PER_PACK + 1 +
                   g_rand_int_range (rand, 0, CRAPETTE_CARDS_PER_PACK - 1)) % CRAPETTE_CARDS_PER_PACK;
    CrapetteCard card = wrong[shown_place];

    wrong[shown_place] = wrong[other];
    wrong[other] = card;
  }
  g_assert_false (crapette_round_show_deal (hidden, wrong, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  /* A card twice. */
  memcpy (wrong, deck, n_cards);
  wrong[(shown_place + 1) % n_cards] = wrong[(shown_place + 2) % n_cards];
  g_assert_false (crapette_round_show_deal (hidden, wrong, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  g_assert_true (crapette_round_show_deal (hidden, deck, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_position_equal (crapette_round_get_start (hidden),
                                          crapette_round_get_start (open)));
  g_assert_true (crapette_position_equal (crapette_round_get_position (hidden),
                                          crapette_round_get_position (open)));
}

/* One deal played open and hidden side by side. */
typedef struct
{
  CrapetteRound *open;
  CrapetteRound *hidden;
  const CrapetteCard *deck;
  gboolean called;
  guint n_due;                 /* steps that found a card to show */
} Both;

/* A hidden round's record (a saved network match, docs/notation.md "Cards nobody has seen")
 * reads back as the same round: every card nobody has seen as the stand-in for its place,
 * a card turned up and not shown yet included, and nobody to move while the deal waits. */
static guint n_records_read_back;

static void
assert_record_reads_back (const CrapetteRound *round)
{
  g_autofree char *text = crapette_notation_format_round (round);
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) again = crapette_notation_parse_round (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_true (crapette_position_equal (crapette_round_get_start (again),
                                          crapette_round_get_start (round)));
  g_assert_true (crapette_position_equal (crapette_round_get_position (again),
                                          crapette_round_get_position (round)));
  g_assert_cmpuint (crapette_round_find_unshown (again, NULL), ==,
                    crapette_round_find_unshown (round, NULL));
  n_records_read_back++;
}

static guint
both_show_due (gpointer data)
{
  Both *both = data;

  /* Often enough to meet every kind of card waiting to be shown, not at every step: each
   * record is played again from its start. */
  if (crapette_round_find_unshown (both->hidden, NULL) > 0 &&
      (crapette_round_get_n_moves (both->hidden) == 0 || both->n_due++ % 16 == 0))
    assert_record_reads_back (both->hidden);
  return show_due_cards (both->hidden, both->deck);
}

static const CrapettePosition *
both_check (gpointer data)
{
  Both *both = data;
  const CrapettePosition *op = crapette_round_get_position (both->open);
  const CrapettePosition *hp = crapette_round_get_position (both->hidden);
  CrapettePosition filled;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves;

  assert_holds_only_what_is_known (hp, op);
  fill_from_deck (&filled, hp, both->deck);
  g_assert_true (crapette_position_equal (&filled, op));
  g_assert_cmpuint (crapette_position_hash (hp), ==, crapette_position_hash (op));
  g_assert_cmpuint (crapette_round_count_repetitions (both->hidden), ==,
                    crapette_round_count_repetitions (both->open));
  assert_same_moves (hp, op, moves, &n_moves);
  return op;
}

static gboolean
both_call (gpointer  data,
           GRand    *rand)
{
  Both *both = data;
  CrapetteBreach breach;
  CrapetteSeat caller;
  g_autoptr(GError) error = NULL;

  if (!both->called || !crapette_round_get_breach (both->open, &breach) ||
      g_rand_int_range (rand, 0, 3) != 0)
    return FALSE;
  caller = crapette_seat_opponent (breach.offender);
  g_assert_true (crapette_round_call (both->open, caller, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_round_call (both->hidden, caller, &error));
  g_assert_no_error (error);
  return TRUE;
}

static void
both_play (gpointer            data,
           const CrapetteMove *move)
{
  Both *both = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_round_play (both->open, move, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_round_play (both->hidden, move, &error));
  g_assert_no_error (error);
}

static const HiddenWalk both_walk = { both_show_due, both_check, both_call, both_play };

static void
play_both (CrapetteVariant variant,
           guint64         deal_number,
           guint           round_index,
           gboolean        called,
           GRand          *rand)
{
  CrapetteRules rules;
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  g_autoptr(CrapetteRound) open = NULL;
  g_autoptr(CrapetteRound) hidden = NULL;
  Both both;
  guint n_cards;
  guint shown;

  crapette_rules_init_default (&rules);
  rules.mistakes = called ? CRAPETTE_MISTAKES_CALLED : CRAPETTE_MISTAKES_PREVENTED;
  if (variant == CRAPETTE_VARIANT_RUSSIAN && g_rand_boolean (rand))
    rules.first_player = CRAPETTE_FIRST_PLAYER_ALTERNATE;

  n_cards = crapette_position_shuffle (variant, &rules, deal_number, round_index, deck);
  open = crapette_round_new_deal (variant, &rules, deal_number, round_index);
  hidden = crapette_round_new_hidden_deal (variant, &rules, deal_number, round_index);
  g_assert_cmpuint (n_cards, ==, variant == CRAPETTE_VARIANT_RUSSIAN ? 104 : 52);

  /* The deal itself holds no card at all. */
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &crapette_round_get_position (hidden)->piles[pile];

      for (guint depth = 0; depth < p->count; depth++)
        g_assert_true (crapette_card_is_hidden (p->cards[depth]));
    }

  both = (Both) { open, hidden, deck, called, 0 };
  shown = hidden_walk_run (&both_walk, &both, MAX_MOVES_PER_ROUND, rand);

  /* The records are the same move for move, every card turned included. */
  g_assert_cmpuint (crapette_round_get_n_moves (hidden), ==, crapette_round_get_n_moves (open));
  for (guint i = 0; i < crapette_round_get_n_moves (open); i++)
    g_assert_true (crapette_move_equal (crapette_round_get_move (hidden, i),
                                        crapette_round_get_move (open, i)));
  g_assert_cmpuint (crapette_round_get_position (hidden)->outcome, ==,
                    crapette_round_get_position (open)->outcome);
  g_assert_cmpuint (crapette_round_get_position (hidden)->winner, ==,
                    crapette_round_get_position (open)->winner);
  g_assert_cmpuint (shown, >, 0);
  assert_show_deal (hidden, open, deck, n_cards, rand);
  g_test_message ("deal %lu: %u moves, %u cards shown, %u repetitions", (gulong) deal_number,
                  crapette_round_get_n_moves (open), shown, crapette_round_count_repetitions (open));
}

static void
test_same_play (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (30 + variant);

  n_records_read_back = 0;
  for (guint i = 0; i < 100; i++)
    play_both (variant, 1 + g_rand_int_range (rand, 0, 999999), i % 3, i % 2 == 1, rand);
  /* At every deal (a card to show before anyone moves, or the first turn's) and often after. */
  g_test_message ("%u records read back", n_records_read_back);
  g_assert_cmpuint (n_records_read_back, >=, 100);
}

/* Russian Bank's lower card starts: nobody is to move until the cards the deal turned face
 * up are shown, and nothing can be played before. */
static void
test_deal_waits (void)
{
  CrapetteRules rules;
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  CrapetteCard due[CRAPETTE_MAX_CARDS];
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  CrapetteMove turn = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };
  g_autoptr(CrapetteRound) hidden = NULL;
  g_autoptr(CrapetteRound) open = NULL;
  g_autoptr(GError) error = NULL;
  gsize n_due;

  crapette_rules_init_default (&rules);
  crapette_position_shuffle (CRAPETTE_VARIANT_RUSSIAN, &rules, 4242, 0, deck);
  hidden = crapette_round_new_hidden_deal (CRAPETTE_VARIANT_RUSSIAN, &rules, 4242, 0);
  open = crapette_round_new_deal (CRAPETTE_VARIANT_RUSSIAN, &rules, 4242, 0);

  n_due = crapette_round_find_unshown (hidden, due);
  /* Two reserve tops and eight houses. */
  g_assert_cmpuint (n_due, ==, 10);
  g_assert_cmpuint (crapette_round_get_position (hidden)->to_move, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (crapette_position_legal_moves (crapette_round_get_position (hidden), moves), ==, 0);
  g_assert_false (crapette_round_play (hidden, &turn, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOT_SHOWN);
  g_clear_error (&error);
  /* A view (the window's, a computer player's) shows a card not yet shown as unknown, never
   * the stand-in. */
  {
    CrapettePosition view;

    crapette_view_init_known (&view, crapette_round_get_position (hidden));
    for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
      for (guint depth = 0; depth < view.piles[pile].count; depth++)
        g_assert_cmpuint (view.piles[pile].cards[depth], ==, CRAPETTE_CARD_UNKNOWN);
  }

  for (gsize i = 0; i < n_due; i++)
    {
      g_assert_cmpuint (crapette_round_get_position (hidden)->to_move, ==, CRAPETTE_NO_SEAT);
      g_assert_true (crapette_round_reveal_card (hidden, due[i],
                                                 deck[crapette_card_hidden_index (due[i])], &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (crapette_round_get_position (hidden)->to_move, ==,
                    crapette_round_get_position (open)->to_move);
  g_assert_cmpuint (crapette_round_get_start (hidden)->to_move, ==,
                    crapette_round_get_position (open)->to_move);
  g_assert_cmpuint (crapette_position_hash (crapette_round_get_position (hidden)), ==,
                    crapette_position_hash (crapette_round_get_position (open)));
}

/* A card is shown only where one is due, only from the pack dealt there, and only once. */
static void
test_reveal_refused (void)
{
  CrapetteRules rules;
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  CrapetteCard due[CRAPETTE_MAX_CARDS];
  g_autoptr(CrapetteRound) hidden = NULL;
  g_autoptr(GError) error = NULL;
  CrapettePosition before;
  gsize n_due;
  CrapetteCard stock_card;
  CrapetteCard shown;

  crapette_rules_init_default (&rules);
  crapette_position_shuffle (CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0, deck);
  hidden = crapette_round_new_hidden_deal (CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0);
  n_due = crapette_round_find_unshown (hidden, due);
  g_assert_cmpuint (n_due, >, 2);
  before = *crapette_round_get_position (hidden);

  /* A stand-in for a card still in the stock, face down: not due. */
  stock_card = crapette_round_get_position (hidden)->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)].cards[0];
  g_assert_true (crapette_card_is_hidden (stock_card));
  g_assert_false (crapette_round_reveal_card (hidden, stock_card,
                                              deck[crapette_card_hidden_index (stock_card)], &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A card of the other pack. */
  shown = deck[crapette_card_hidden_index (due[0])];
  g_assert_false (crapette_round_reveal_card (hidden, due[0],
                                              (CrapetteCard) ((shown + CRAPETTE_CARDS_PER_PACK) % CRAPETTE_MAX_CARDS),
                                              &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  /* Not a card at all. */
  g_assert_false (crapette_round_reveal_card (hidden, due[0], CRAPETTE_CARD_UNKNOWN, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  g_assert_true (crapette_position_equal (&before, crapette_round_get_position (hidden)));

  /* The real card, then the same card again for another place of the same pack. */
  g_assert_true (crapette_round_reveal_card (hidden, due[0], shown, &error));
  g_assert_no_error (error);
  for (gsize i = 1; i < n_due; i++)
    {
      if (crapette_card_hidden_index (due[i]) / CRAPETTE_CARDS_PER_PACK !=
          crapette_card_hidden_index (due[0]) / CRAPETTE_CARDS_PER_PACK)
        continue;
      g_assert_false (crapette_round_reveal_card (hidden, due[i], shown, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_clear_error (&error);
      break;
    }
  /* And a place already shown is no longer due. */
  g_assert_false (crapette_round_reveal_card (hidden, due[0], shown, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* The hash compares only what both players know: cards face down and unseen count only as
 * cards, so swapping two of them changes nothing, and swapping two face-up cards does. */
static void
test_hash_ignores_unseen (void)
{
  CrapetteRules rules;
  CrapettePosition position;
  CrapettePosition swapped;
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH);
  CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  CrapetteCard card;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 1234, 0);

  swapped = position;
  card = swapped.piles[stock].cards[0];
  swapped.piles[stock].cards[0] = swapped.piles[stock].cards[5];
  swapped.piles[stock].cards[5] = card;
  card = swapped.piles[reserve].cards[0];
  swapped.piles[reserve].cards[0] = swapped.piles[reserve].cards[3];
  swapped.piles[reserve].cards[3] = card;
  g_assert_cmpuint (crapette_position_hash (&position), ==, crapette_position_hash (&swapped));

  /* Once the stock's top card has been seen (a "Stop!" took its turn back), it counts. */
  swapped = position;
  swapped.stock_top_seen[CRAPETTE_NORTH] = 1;
  g_assert_cmpuint (crapette_position_hash (&position), !=, crapette_position_hash (&swapped));
  card = swapped.piles[stock].cards[swapped.piles[stock].count - 1];
  swapped.piles[stock].cards[swapped.piles[stock].count - 1] = swapped.piles[stock].cards[0];
  swapped.piles[stock].cards[0] = card;
  {
    CrapettePosition seen = position;

    seen.stock_top_seen[CRAPETTE_NORTH] = 1;
    g_assert_cmpuint (crapette_position_hash (&seen), !=, crapette_position_hash (&swapped));
  }

  /* Two face-up cards: the houses. */
  swapped = position;
  card = swapped.piles[crapette_pile_house (0)].cards[0];
  swapped.piles[crapette_pile_house (0)].cards[0] = swapped.piles[crapette_pile_house (1)].cards[0];
  swapped.piles[crapette_pile_house (1)].cards[0] = card;
  g_assert_cmpuint (crapette_position_hash (&position), !=, crapette_position_hash (&swapped));
}

/* A hidden deal's position is whole with its stand-ins, each pack counted with its own: a
 * stand-in's place belongs to one pack (Russian Bank: 0-51 South's, 52-103 North's), so a
 * card of the other pack in its stead, or a stand-in twice, or nobody to move once every
 * face-up card is shown, cannot happen. */
static void
test_stand_ins_checked (void)
{
  CrapetteRules rules;
  CrapettePosition dealt, broken;
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  g_autoptr(GError) error = NULL;

  crapette_rules_init_default (&rules);
  crapette_position_deal_hidden (&dealt, CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0);
  g_assert_true (crapette_position_holds_stand_ins (&dealt));
  g_assert_cmpint (dealt.to_move, ==, CRAPETTE_NO_SEAT);
  g_assert_true (crapette_position_check_invariants (&dealt, &error));
  g_assert_no_error (error);

  /* South's stock holds South's places; one of them taken by a card of North's pack. */
  broken = dealt;
  g_assert_cmpuint (crapette_card_hidden_index (broken.piles[stock].cards[0]), <, 52);
  broken.piles[stock].cards[0] = crapette_card_make (1, CRAPETTE_SPADES, 13);
  g_assert_false (crapette_position_check_invariants (&broken, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* A place twice. */
  broken = dealt;
  broken.piles[stock].cards[0] = broken.piles[stock].cards[1];
  g_assert_false (crapette_position_check_invariants (&broken, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* The same deal open: every card known, so somebody is to move. */
  crapette_position_deal (&broken, CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0);
  g_assert_false (crapette_position_holds_stand_ins (&broken));
  broken.to_move = CRAPETTE_NO_SEAT;
  g_assert_false (crapette_position_check_invariants (&broken, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/hidden-round/same-play/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_same_play);
  g_test_add_data_func ("/hidden-round/same-play/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_same_play);
  g_test_add_func ("/hidden-round/deal-waits", test_deal_waits);
  g_test_add_func ("/hidden-round/reveal-refused", test_reveal_refused);
  g_test_add_func ("/hidden-round/hash-ignores-unseen", test_hash_ignores_unseen);
  g_test_add_func ("/hidden-round/stand-ins-checked", test_stand_ins_checked);

  return g_test_run ();
}

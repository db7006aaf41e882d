/* test-view.c: what a player at the table can see, for both games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view functions of crapette-view.h, checked on positions reached by
 * random play: the view hides exactly the cards lying face down, the unseen
 * cards and the hidden places agree, filling the places with the true cards
 * gives the position back, and the known view only ever adds true cards.
 *
 * Then CrapetteView, the view the window reads, on hand-made positions of
 * both games: its accessors say what the position holds, its tableau
 * direction and completed sequences follow the engine's own rules, its
 * moves and targets are the engine's legal moves, and two views name the
 * piles a move changed.
 */

#include "config.h"

#include "crapette-card.h"
#include "crapette-notation.h"
#include "crapette-random.h"
#include "crapette-round.h"
#include "crapette-view.h"

#define N_DEALS 20

/* A position of a round in play after up to @steps random moves from @deal_number. */
static void
random_position (CrapetteVariant   variant,
                 guint64           deal_number,
                 guint             steps,
                 CrapettePosition *position)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteRound) round = NULL;

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  crapette_random_init (&random, deal_number * 31 + steps);
  *position = *crapette_round_get_position (round);
  for (guint i = 0; i < steps; i++)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (position, moves);

      if (n_moves == 0 ||
          !crapette_round_play (round, &moves[crapette_random_below (&random, n_moves)], NULL) ||
          crapette_round_get_position (round)->outcome != CRAPETTE_OUTCOME_PLAYING)
        break;
      *position = *crapette_round_get_position (round);
    }
}

/* The view hides a card exactly when it lies face down, and changes nothing else. */
static void
check_view_hides_face_down (const CrapettePosition *position,
                            const CrapettePosition *view)
{
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_assert_cmpuint (view->piles[pile].count, ==, position->piles[pile].count);
      for (guint depth = 0; depth < position->piles[pile].count; depth++)
        {
          if (crapette_position_is_face_up (position, pile, depth))
            g_assert_cmpuint (view->piles[pile].cards[depth], ==,
                              position->piles[pile].cards[depth]);
          else
            g_assert_cmpuint (view->piles[pile].cards[depth], ==, CRAPETTE_CARD_UNKNOWN);
        }
    }
  g_assert_cmpuint (view->to_move, ==, position->to_move);
  g_assert_cmpuint (view->move_number, ==, position->move_number);
}

/* The unseen cards are as many as the hidden places, and filling the places
 * with the true cards, in the order of the places, gives the position back. */
static void
check_fill_restores (const CrapettePosition *position,
                     const CrapettePosition *view)
{
  CrapetteCard unseen[CRAPETTE_MAX_CARDS];
  CrapetteCard truth[CRAPETTE_MAX_CARDS];
  CrapettePileId piles[CRAPETTE_MAX_CARDS];
  guint8 depths[CRAPETTE_MAX_CARDS];
  gsize n_unseen = crapette_view_unseen_cards (view, unseen);
  gsize n_slots = crapette_view_hidden_slots (view, piles, depths);
  CrapettePosition filled = *view;

  g_assert_cmpuint (n_unseen, ==, n_slots);
  g_assert_cmpuint (crapette_view_hidden_slots (view, NULL, NULL), ==, n_slots);
  for (gsize i = 0; i < n_slots; i++)
    {
      gboolean listed = FALSE;

      truth[i] = position->piles[piles[i]].cards[depths[i]];
      for (gsize j = 0; j < n_unseen && !listed; j++)
        listed = unseen[j] == truth[i];
      g_assert_true (listed);
    }
  crapette_view_fill (&filled, truth);
  g_assert_true (crapette_position_equal (&filled, position));
  g_assert_cmpuint (crapette_view_hidden_slots (&filled, NULL, NULL), ==, 0);
}

/* The known view shows everything the view shows, and only true cards besides. */
static void
check_known_view (const CrapettePosition *position,
                  const CrapettePosition *view)
{
  CrapettePosition known;

  crapette_view_init_known (&known, position);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      for (guint depth = 0; depth < position->piles[pile].count; depth++)
        {
          CrapetteCard shown = known.piles[pile].cards[depth];

          if (view->piles[pile].cards[depth] != CRAPETTE_CARD_UNKNOWN)
            g_assert_cmpuint (shown, ==, view->piles[pile].cards[depth]);
          else if (shown != CRAPETTE_CARD_UNKNOWN)
            g_assert_cmpuint (shown, ==, position->piles[pile].cards[depth]);
        }
    }
  g_assert_cmpuint (crapette_view_hidden_slots (&known, NULL, NULL), <=,
                    crapette_view_hidden_slots (view, NULL, NULL));
}

static void
test_view (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  guint hidden_somewhere = 0;

  for (guint64 deal = 1; deal <= N_DEALS; deal++)
    {
      for (guint steps = 0; steps <= 120; steps += 40)
        {
          CrapettePosition position, view;

          random_position (variant, deal, steps, &position);
          crapette_view_init (&view, &position);
          check_view_hides_face_down (&position, &view);
          check_fill_restores (&position, &view);
          check_known_view (&position, &view);
          hidden_somewhere += crapette_view_hidden_slots (&view, NULL, NULL) > 0;
        }
    }
  /* Stocks are dealt face down, so the checks above had cards to hide. */
  g_assert_cmpuint (hidden_somewhere, >, 0);
}

/* A fresh deal hides each player's whole stock but its count. */
static void
test_view_of_deal (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapettePosition position, view;

  random_position (variant, 7, 0, &position);
  crapette_view_init (&view, &position);
  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      const CrapettePile *stock = &view.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                                     seat)];

      g_assert_cmpuint (stock->count, >, 0);
      for (guint depth = 0; depth < stock->count; depth++)
        g_assert_cmpuint (stock->cards[depth], ==, CRAPETTE_CARD_UNKNOWN);
    }
}


/* ---- CrapetteView on hand-made positions ------------------------------------ */

static void
parse (const char       *text,
       CrapettePosition *position)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_notation_parse_position (text, -1, position, &error))
    g_error ("Test position does not parse: %s\n%s", error->message, text);
}

static CrapetteCard
card (guint        pack,
      guint        rank,
      CrapetteSuit suit)
{
  return crapette_card_make (pack, suit, rank);
}

static CrapettePileId
own (CrapettePileKind kind,
     CrapetteSeat     seat)
{
  return crapette_pile_of_seat (kind, seat);
}

/* The mask of the piles the legal moves of @position take @from's top card to. */
static guint32
targets_of_legal_moves (const CrapettePosition *position,
                        CrapettePileId          from)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (position, moves);
  guint32 targets = 0;

  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == from)
        targets |= 1u << moves[i].to;
    }
  return targets;
}

static const char russian_position[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Deal: 77\n"
  "Round: 2\n"
  "To move: north\n"
  "Turn: 5\n"
  "Move number: 17\n"
  "Idle turns: 3\n"
  "Passes: 1\n"
  "\n"
  "NC: 3♦\n"
  "NR: 4♠ 2♣\n"
  "SW: 9♠*\n"
  "H1: K♣ Q♦\n"
  "H2: A♦\n"
  "H3: 4♥*\n"
  "F1: A♣\n"
  "Rest: SD ND\n";

/* What the accessors read of a Russian Bank position: its counters, its
 * cards (face down unknown), its piles and what North may do now. */
static void
test_accessors_russian (void)
{
  CrapettePosition position;
  g_autoptr(CrapetteView) view = NULL;
  CrapettePileId north_stock = own (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH);
  CrapettePileId north_reserve = own (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);
  CrapettePileId north_turned = own (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_NORTH);
  CrapetteMove move;

  parse (russian_position, &position);
  view = crapette_view_new (&position);

  g_assert_cmpint (crapette_view_get_variant (view), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (crapette_view_get_deal_number (view), ==, 77);
  g_assert_cmpuint (crapette_view_get_round_index (view), ==, 1);
  g_assert_cmpint (crapette_view_get_to_move (view), ==, CRAPETTE_NORTH);
  g_assert_cmpint (crapette_view_get_outcome (view), ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_cmpuint (crapette_view_get_turn_number (view), ==, 5);
  g_assert_cmpuint (crapette_view_get_move_number (view), ==, 17);
  g_assert_cmpuint (crapette_view_get_idle_turns (view), ==, 3);
  g_assert_cmpuint (crapette_view_get_passes (view), ==, 1);
  g_assert_cmpuint (crapette_view_get_rules (view)->reserve_size, ==,
                    position.rules.reserve_size);
  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    g_assert_cmpuint (crapette_view_get_cards_left (view, seat), ==,
                      crapette_position_cards_left (&position, seat));

  /* Cards: the stock face down, the reserve's top face up, nothing past a top. */
  g_assert_cmpuint (crapette_view_get_count (view, north_reserve), ==, 2);
  g_assert_cmpint (crapette_view_get_card (view, north_reserve, 0), ==, CRAPETTE_CARD_UNKNOWN);
  g_assert_cmpint (crapette_view_get_top (view, north_reserve), ==,
                   card (0, 2, CRAPETTE_CLUBS));
  g_assert_cmpint (crapette_view_get_card (view, north_reserve, 2), ==, CRAPETTE_CARD_NONE);
  g_assert_cmpint (crapette_view_get_top (view, crapette_pile_house (0)), ==,
                   card (0, 12, CRAPETTE_DIAMONDS));
  g_assert_cmpint (crapette_view_get_top (view, crapette_pile_house (2)), ==,
                   card (1, 4, CRAPETTE_HEARTS));
  g_assert_cmpuint (crapette_view_get_count (view, north_stock), >, 0);
  g_assert_cmpint (crapette_view_get_top (view, north_stock), ==, CRAPETTE_CARD_UNKNOWN);
  g_assert_cmpint (crapette_view_get_top (view, crapette_pile_house (7)), ==,
                   CRAPETTE_CARD_NONE);

  /* Russian Bank has every pile, and no pile fixes its own direction. */
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_assert_true (crapette_view_has_pile (view, pile));
      g_assert_cmpint (crapette_view_get_direction (view, pile), ==, 0);
    }
  g_assert_false (crapette_view_has_pile (view, CRAPETTE_N_PILES));
  g_assert_cmpuint (crapette_view_get_completed_sequences (view), ==, 0);

  /* What can be done: a face-up card is picked up, a face-down or missing one not;
   * its targets are the engine's legal moves. */
  g_assert_true (crapette_view_can_pick_up (view, north_reserve));
  g_assert_true (crapette_view_can_pick_up (view, north_turned));
  g_assert_false (crapette_view_can_pick_up (view, north_stock));
  g_assert_false (crapette_view_can_pick_up (view, crapette_pile_house (7)));
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    g_assert_cmphex (crapette_view_get_targets (view, pile), ==,
                     targets_of_legal_moves (&position, pile));
  /* The Ace of Diamonds goes up on an empty foundation. */
  g_assert_cmphex (crapette_view_get_targets (view, crapette_pile_house (1)) &
                   (1u << crapette_pile_foundation (1)), !=, 0);
  g_assert_true (crapette_view_find_move (view, crapette_pile_house (1),
                                          crapette_pile_foundation (1), &move));
  g_assert_cmpint (move.kind, ==, CRAPETTE_MOVE_CARD);
  g_assert_cmpint (move.card, ==, card (0, 1, CRAPETTE_DIAMONDS));
  g_assert_true (crapette_position_is_legal (&position, &move));
  g_assert_false (crapette_view_find_move (view, crapette_pile_house (7),
                                           crapette_pile_house (6), &move));
}

/* The legal moves of a view are the position's, in the engine's order, and none
 * once the round is over. */
static void
test_legal_moves (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);

  for (guint steps = 0; steps <= 60; steps += 20)
    {
      CrapettePosition position;
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves, n_view_moves;
      const CrapetteMove *view_moves;
      g_autoptr(CrapetteView) view = NULL;
      CrapetteMove turn;

      random_position (variant, 11, steps, &position);
      view = crapette_view_new (&position);
      n_moves = crapette_position_legal_moves (&position, moves);
      view_moves = crapette_view_get_legal_moves (view, &n_view_moves);
      g_assert_cmpuint (n_view_moves, ==, n_moves);
      for (gsize i = 0; i < n_moves; i++)
        g_assert_true (crapette_move_equal (&view_moves[i], &moves[i]));

      /* A click on the own stock finds the turn, or the end of the turn. */
      if (crapette_view_find_move (view, own (CRAPETTE_PILE_KIND_STOCK,
                                              crapette_view_get_to_move (view)),
                                   CRAPETTE_NO_PILE, &turn))
        {
          g_assert_cmpint (turn.kind, !=, CRAPETTE_MOVE_CARD);
          g_assert_true (crapette_position_is_legal (&position, &turn));
        }

      position.outcome = CRAPETTE_OUTCOME_BLOCKED;
      g_clear_pointer (&view, crapette_view_unref);
      view = crapette_view_new (&position);
      crapette_view_get_legal_moves (view, &n_view_moves);
      g_assert_cmpuint (n_view_moves, ==, 0);
      g_assert_cmpint (crapette_view_get_outcome (view), ==, CRAPETTE_OUTCOME_BLOCKED);
    }
}

static const char american_position[] =
  "Crapette position\n"
  "Variant: american\n"
  "Rest: SD ND\n"
  "SC: 10♦\n"
  "NW: 7♥\n"
  "T1: 8♦ 9♥\n"
  "T2: 5♥ 4♦ 3♥\n"
  "T3: K♥ A♦\n"
  "T4: 6♦\n"
  "X1: A♣ 2♠ 3♣ 4♠ 5♣ 6♠ 7♣ 8♠ 9♣ 10♠ J♣ Q♠ K♣\n"
  "X2: A♠ 2♣ 3♠ 4♣ 5♠ 6♣ 7♠ 8♣ 9♠ 10♣ J♠ Q♣ K♠\n";

/* American Bank through the view: its piles, its tableau directions by the
 * double-suit rule, its completed sequences and its moves. */
static void
test_accessors_american (void)
{
  CrapettePosition position;
  g_autoptr(CrapetteView) view = NULL;

  parse (american_position, &position);
  view = crapette_view_new (&position);

  g_assert_cmpint (crapette_view_get_variant (view), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpint (crapette_view_get_to_move (view), ==, CRAPETTE_SOUTH);

  /* No reserves, and four places for completed sequences. */
  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    g_assert_false (crapette_view_has_pile (view, own (CRAPETTE_PILE_KIND_RESERVE, seat)));
  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    g_assert_cmpint (crapette_view_has_pile (view, crapette_pile_foundation (i)), ==, i < 4);
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    g_assert_true (crapette_view_has_pile (view, crapette_pile_house (i)));
  g_assert_false (crapette_view_can_pick_up (view, own (CRAPETTE_PILE_KIND_RESERVE,
                                                        CRAPETTE_SOUTH)));

  /* Up, down, up across King–Ace, and unfixed with one card or none. */
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (0)), ==, 1);
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (1)), ==, -1);
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (2)), ==, 1);
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (3)), ==, 0);
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (4)), ==, 0);
  g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_foundation (0)), ==, 0);

  g_assert_cmpuint (crapette_view_get_completed_sequences (view), ==, 2);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    g_assert_cmphex (crapette_view_get_targets (view, pile), ==,
                     targets_of_legal_moves (&position, pile));
  /* The 10♦ in hand goes up on T1's 9♥, not on T2 (down), T3 (up from A♦) or T4. */
  {
    guint32 targets = crapette_view_get_targets (view, own (CRAPETTE_PILE_KIND_TURNED,
                                                            CRAPETTE_SOUTH));

    g_assert_cmphex (targets & (1u << crapette_pile_house (0)), !=, 0);
    for (guint i = 1; i < 4; i++)
      g_assert_cmphex (targets & (1u << crapette_pile_house (i)), ==, 0);
  }
}

/* Two cards one rank apart but not double-suit neighbours fix no direction:
 * the view answers with the engine's rule, not with the ranks alone. Such a
 * pile cannot be built in play; it is made here by hand. */
static void
test_direction_needs_double_suit (void)
{
  CrapettePosition position;
  CrapettePile *t1;

  parse (american_position, &position);
  t1 = &position.piles[crapette_pile_house (0)];

  for (guint i = 0; i < 2; i++)
    {
      /* 8♦ then 9♦ (the same suit), and 8♦ then 9♣ (the other colour). */
      CrapetteSuit suit = i == 0 ? CRAPETTE_DIAMONDS : CRAPETTE_CLUBS;
      CrapetteCard second = card (0, 9, suit);
      g_autoptr(CrapetteView) view = NULL;

      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        {
          for (guint depth = 0; depth < position.piles[pile].count; depth++)
            {
              if (position.piles[pile].cards[depth] == second)
                position.piles[pile].cards[depth] = t1->cards[1];
            }
        }
      t1->cards[1] = second;
      view = crapette_view_new (&position);
      g_assert_cmpint (crapette_view_get_top (view, crapette_pile_house (0)), ==, second);
      g_assert_cmpint (crapette_view_get_direction (view, crapette_pile_house (0)), ==, 0);
    }
}

/* Two views name the piles a move changed: the card's two piles, or for a
 * turn the stock and the turned card; the same view none, no view all. */
static void
test_changed_piles (void)
{
  CrapettePosition position;
  g_autoptr(CrapetteView) before = NULL;
  g_autoptr(CrapetteView) after = NULL;
  g_autoptr(CrapetteView) american = NULL;
  CrapetteMove move = { CRAPETTE_MOVE_CARD, crapette_pile_house (1),
                        crapette_pile_foundation (1), CRAPETTE_CARD_NONE };
  CrapettePosition american_position_read;
  guint turns = 0;

  parse (russian_position, &position);
  before = crapette_view_new (&position);
  g_assert_cmphex (crapette_view_changed_piles (NULL, before), ==, CRAPETTE_ALL_PILES);
  g_assert_cmphex (crapette_view_changed_piles (before, before), ==, 0);

  g_assert_true (crapette_position_is_legal (&position, &move));
  crapette_position_apply_move (&position, &move);
  after = crapette_view_new (&position);
  g_assert_cmphex (crapette_view_changed_piles (before, after), ==,
                   (1u << crapette_pile_house (1)) | (1u << crapette_pile_foundation (1)));

  /* Another game changes everything. */
  parse (american_position, &american_position_read);
  american = crapette_view_new (&american_position_read);
  g_assert_cmphex (crapette_view_changed_piles (after, american), ==, CRAPETTE_ALL_PILES);

  /* A card turned from a stock that has cards changes the stock and the turned card. */
  for (guint64 deal = 1; deal <= N_DEALS; deal++)
    {
      CrapetteVariant variant = deal % 2 ? CRAPETTE_VARIANT_RUSSIAN : CRAPETTE_VARIANT_AMERICAN;
      CrapetteMove turn = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                            CRAPETTE_CARD_NONE };
      g_autoptr(CrapetteView) unturned = NULL;
      g_autoptr(CrapetteView) turned = NULL;
      CrapetteSeat mover;

      random_position (variant, deal, 30, &position);
      mover = position.to_move;
      if (!crapette_position_is_legal (&position, &turn) ||
          position.piles[own (CRAPETTE_PILE_KIND_STOCK, mover)].count == 0)
        continue;
      unturned = crapette_view_new (&position);
      crapette_position_apply_move (&position, &turn);
      turned = crapette_view_new (&position);
      g_assert_cmphex (crapette_view_changed_piles (unturned, turned), ==,
                       (1u << own (CRAPETTE_PILE_KIND_STOCK, mover)) |
                       (1u << own (CRAPETTE_PILE_KIND_TURNED, mover)));
      turns++;
    }
  g_assert_cmpuint (turns, >, 0);
}

/* A view of a round after its first moves is the view of the position it stood in then;
 * past its last move, the round as it stands. */
static void
test_view_from_round (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteRules rules;
  g_autoptr(CrapetteRound) round = NULL;
  CrapettePosition positions[41];
  CrapetteRandom random;
  guint n_played = 0;

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, 5, 0);
  crapette_random_init (&random, 5);
  positions[0] = *crapette_round_get_position (round);
  while (n_played < 40 &&
         crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (crapette_round_get_position (round), moves);

      g_assert_true (crapette_round_play (round, &moves[crapette_random_below (&random, n_moves)],
                                          NULL));
      positions[++n_played] = *crapette_round_get_position (round);
    }

  for (guint i = 0; i <= n_played; i++)
    {
      g_autoptr(CrapetteView) past = crapette_view_new_from_round (round, i);
      g_autoptr(CrapetteView) expected = crapette_view_new (&positions[i]);

      g_assert_cmphex (crapette_view_changed_piles (expected, past), ==, 0);
      g_assert_cmpuint (crapette_view_get_move_number (past), ==,
                        crapette_view_get_move_number (expected));
      g_assert_cmpint (crapette_view_get_to_move (past), ==, crapette_view_get_to_move (expected));
    }
  {
    g_autoptr(CrapetteView) beyond = crapette_view_new_from_round (round, n_played + 10);

    g_assert_cmpuint (crapette_view_get_move_number (beyond), ==,
                      crapette_round_get_position (round)->move_number);
  }
}

/* A view is a boxed type: copying takes a reference to the same view. */
static void
test_boxed (void)
{
  CrapettePosition position;
  CrapetteView *view;
  CrapetteView *copy;

  parse (russian_position, &position);
  view = crapette_view_new (&position);
  copy = g_boxed_copy (CRAPETTE_TYPE_VIEW, view);
  g_assert_true (copy == view);
  g_boxed_free (CRAPETTE_TYPE_VIEW, copy);
  g_assert_cmpuint (crapette_view_get_move_number (view), ==, 17);
  crapette_view_unref (view);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/view/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_view);
  g_test_add_data_func ("/view/american", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_view);
  g_test_add_data_func ("/view/russian-deal", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_view_of_deal);
  g_test_add_data_func ("/view/american-deal", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_view_of_deal);
  g_test_add_func ("/view/accessors/russian", test_accessors_russian);
  g_test_add_func ("/view/accessors/american", test_accessors_american);
  g_test_add_func ("/view/direction-needs-double-suit", test_direction_needs_double_suit);
  g_test_add_data_func ("/view/legal-moves/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_legal_moves);
  g_test_add_data_func ("/view/legal-moves/american",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_legal_moves);
  g_test_add_func ("/view/changed-piles", test_changed_piles);
  g_test_add_data_func ("/view/from-round/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_view_from_round);
  g_test_add_data_func ("/view/from-round/american", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_view_from_round);
  g_test_add_func ("/view/boxed", test_boxed);

  return g_test_run ();
}

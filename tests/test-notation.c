/* test-notation.c: positions and records written and read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-notation.h"
#include "crapette-random.h"
#include "crapette-round.h"

/* A round of @variant from @deal, played with random legal moves for at most
 * @max_moves moves (or until it ends). */
static CrapetteRound *
random_round (CrapetteVariant variant,
              guint64         deal,
              guint           max_moves)
{
  CrapetteRules rules;
  CrapetteRandom random;
  CrapetteRound *round;

  crapette_rules_init_default (&rules);
  crapette_random_init (&random, deal * 7919 + variant);
  round = crapette_round_new_deal (variant, &rules, deal, (guint) (deal % 3));

  for (guint i = 0; i < max_moves; i++)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (crapette_round_get_position (round), moves);
      g_autoptr(GError) error = NULL;

      if (n_moves == 0)
        break;
      crapette_round_play (round, &moves[crapette_random_below (&random, (guint32) n_moves)],
                           &error);
      g_assert_no_error (error);
    }
  return round;
}

/* What a position read back from its text must equal: the text describes a
 * round in play, so a finished round comes back as one still playing. */
static void
forget_outcome (CrapettePosition *position)
{
  position->outcome = CRAPETTE_OUTCOME_PLAYING;
  position->block_reason = CRAPETTE_BLOCK_NONE;
  position->winner = CRAPETTE_NO_SEAT;
}

static void
assert_position_round_trip (const CrapettePosition *original)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = crapette_notation_format_position (original);
  g_autofree char *again = NULL;
  CrapettePosition expected = *original;
  CrapettePosition parsed;

  forget_outcome (&expected);
  if (!crapette_notation_parse_position (text, -1, &parsed, &error))
    g_error ("%s\n%s", error->message, text);
  g_assert_true (crapette_position_equal (&parsed, &expected));

  again = crapette_notation_format_position (&parsed);
  g_assert_cmpstr (again, ==, text);
}

static void
assert_rounds_equal (const CrapetteRound *a,
                     const CrapetteRound *b)
{
  g_assert_cmpuint (crapette_round_get_n_moves (a), ==, crapette_round_get_n_moves (b));
  for (guint i = 0; i < crapette_round_get_n_moves (a); i++)
    g_assert_cmpmem (crapette_round_get_move (a, i), sizeof (CrapetteMove),
                     crapette_round_get_move (b, i), sizeof (CrapetteMove));
  g_assert_true (crapette_position_equal (crapette_round_get_start (a),
                                          crapette_round_get_start (b)));
  g_assert_true (crapette_position_equal (crapette_round_get_position (a),
                                          crapette_round_get_position (b)));
}

static void
assert_round_round_trip (const CrapetteRound *original)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = crapette_notation_format_round (original);
  g_autofree char *again = NULL;
  g_autoptr(CrapetteRound) parsed = crapette_notation_parse_round (text, -1, &error);

  if (parsed == NULL)
    g_error ("%s\n%s", error->message, text);
  assert_rounds_equal (original, parsed);
  again = crapette_notation_format_round (parsed);
  g_assert_cmpstr (again, ==, text);
}

/* Asserts that @text fails to read, as a position or as a record, with
 * @code and a message starting with @prefix. */
static void
assert_error (const char *text,
              gssize      length,
              gboolean    record,
              int         code,
              const char *prefix)
{
  g_autoptr(GError) error = NULL;
  CrapettePosition position;

  if (record)
    {
      g_autoptr(CrapetteRound) round = crapette_notation_parse_round (text, length, &error);

      g_assert_null (round);
    }
  else
    g_assert_false (crapette_notation_parse_position (text, length, &position, &error));

  g_assert_error (error, CRAPETTE_NOTATION_ERROR, code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("“%s” does not start with “%s”", error->message, prefix);
}

/* ---- Round trips ---------------------------------------------------------- */

static void
test_position_round_trips (void)
{
  guint with_stock_seen = 0;
  guint with_reserve_seen = 0;

  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint64 deal = 1; deal <= 30; deal++)
        {
          CrapetteRules rules;
          CrapettePosition position;
          CrapetteRandom random;

          crapette_rules_init_default (&rules);
          rules.reserve_size = deal % 2 ? 13 : 12;
          rules.first_player = deal % 4 < 2 ? CRAPETTE_FIRST_PLAYER_LOW_CARD
                                            : CRAPETTE_FIRST_PLAYER_ALTERNATE;
          rules.idle_turn_limit = deal % 5 == 0 ? 10 : 50;
          crapette_random_init (&random, deal);
          crapette_position_deal (&position, variant, &rules, deal * 1000003, (guint) deal % 4);
          assert_position_round_trip (&position);

          for (guint i = 0; i < 400; i++)
            {
              CrapetteMove moves[CRAPETTE_MAX_MOVES];
              gsize n_moves = crapette_position_legal_moves (&position, moves);

              if (n_moves == 0)
                break;
              guint32 choice = crapette_random_below (&random, (guint32) n_moves);

              crapette_position_apply_move (&position, &moves[choice]);
              with_reserve_seen += position.reserve_seen[0] + position.reserve_seen[1] != 0;
              if (i % 7 == 0)
                assert_position_round_trip (&position);
            }
          assert_position_round_trip (&position);
          with_stock_seen += position.stock_seen != 0;
        }
    }
  /* "Stock seen:" and "Reserve seen:" were written and read back, not
   * only their defaults. */
  g_assert_cmpuint (with_stock_seen, >, 10);
  g_assert_cmpuint (with_reserve_seen, >, 100);
}

static void
test_record_round_trips (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint64 deal = 1; deal <= 20; deal++)
        {
          g_autoptr(CrapetteRound) round = random_round (variant, deal, deal * 40);
          g_autoptr(CrapetteRound) from_position = NULL;
          CrapetteRandom random;

          assert_round_round_trip (round);

          /* A record may also start from a position reached in play. */
          from_position = crapette_round_new_from_position (crapette_round_get_position (round),
                                                            FALSE);
          crapette_random_init (&random, deal);
          for (guint i = 0; i < 60; i++)
            {
              CrapetteMove moves[CRAPETTE_MAX_MOVES];
              gsize n_moves = crapette_position_legal_moves (
                crapette_round_get_position (from_position), moves);

              if (n_moves == 0)
                break;
              g_assert_true (crapette_round_play (from_position,
                                                  &moves[crapette_random_below (&random,
                                                                                (guint32) n_moves)],
                                                  NULL));
            }
          if (crapette_round_get_start (from_position)->outcome == CRAPETTE_OUTCOME_PLAYING)
            assert_round_round_trip (from_position);
        }
    }
}

/* A whole round played to its end reads back the same, result comment and all. */
static void
test_record_finished (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(CrapetteRound) round = random_round (variant, 77, 100000);
      g_autofree char *text = crapette_notation_format_round (round);

      g_assert_cmpint (crapette_round_get_position (round)->outcome, !=,
                       CRAPETTE_OUTCOME_PLAYING);
      g_assert_nonnull (strstr (text, "\n# Result: "));
      assert_round_round_trip (round);
    }
}

/* ---- Positions written by hand ------------------------------------------ */

static const char example_position[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50\n"
  "Deal: 42\n"
  "Round: 2\n"
  "To move: north\n"
  "Dealer: south\n"
  "Turn: 12\n"
  "Idle turns: 3\n"
  "Passes: 1\n"
  "Moved: yes\n"
  "Opened: H3\n"
  "Rest: SD ND\n"
  "\n"
  "# The reserves\n"
  "SR: 2♣ 8♥\n"
  "NR: 9♠*  \n"
  "H1: K♠ Q♥\n"
  "F1: A♣ 2♣*\n"
  "F2: A♦*\n";

static void
test_example_position (void)
{
  g_autoptr(GError) error = NULL;
  CrapettePosition position;
  const CrapettePile *south_stock;
  const CrapettePile *north_stock;

  g_assert_true (crapette_notation_parse_position (example_position, -1, &position, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (position.variant, ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (position.deal_number, ==, 42);
  g_assert_cmpuint (position.round_index, ==, 1);
  g_assert_cmpuint (position.to_move, ==, CRAPETTE_NORTH);
  g_assert_cmpuint (position.dealer, ==, CRAPETTE_SOUTH);
  g_assert_cmpuint (position.turn_number, ==, 12);
  g_assert_cmpuint (position.idle_turns, ==, 3);
  g_assert_cmpuint (position.passes, ==, 1);
  g_assert_true (position.moved_this_turn);
  g_assert_false (position.progress_this_turn);
  g_assert_cmpuint (position.opened_houses, ==, 1u << 2);
  g_assert_cmpuint (position.outcome, ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_cmpuint (position.winner, ==, CRAPETTE_NO_SEAT);

  g_assert_cmpuint (position.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                          CRAPETTE_SOUTH)].count, ==, 2);
  g_assert_cmpuint (crapette_position_top (&position, crapette_pile_house (0)), ==,
                    crapette_card_make (0, CRAPETTE_HEARTS, 12));
  g_assert_cmpuint (crapette_position_top (&position, crapette_pile_foundation (0)), ==,
                    crapette_card_make (1, CRAPETTE_CLUBS, 2));

  /* The 96 cards not listed go round-robin to the stocks, in card order:
   * the lowest missing card (3♣, as A♣ and 2♣ are listed) is South's bottom card. */
  south_stock = &position.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)];
  north_stock = &position.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH)];
  g_assert_cmpuint (south_stock->count, ==, 48);
  g_assert_cmpuint (north_stock->count, ==, 48);
  g_assert_cmpuint (south_stock->cards[0], ==, crapette_card_make (0, CRAPETTE_CLUBS, 3));
  g_assert_cmpuint (north_stock->cards[0], ==, crapette_card_make (0, CRAPETTE_CLUBS, 4));
  g_assert_cmpuint (south_stock->cards[1], ==, crapette_card_make (0, CRAPETTE_CLUBS, 5));

  /* Low water follows the cards left when nothing else is said. */
  g_assert_cmpuint (position.low_water[CRAPETTE_SOUTH], ==,
                    crapette_position_cards_left (&position, CRAPETTE_SOUTH));
  g_assert_cmpuint (position.low_water[CRAPETTE_NORTH], ==,
                    crapette_position_cards_left (&position, CRAPETTE_NORTH));

  assert_position_round_trip (&position);
}

/* Rest: fills the piles below what they list, and leaves other piles alone. */
static void
test_rest_below_listed_cards (void)
{
  g_autoptr(GError) error = NULL;
  CrapettePosition position;
  const CrapettePile *hand;

  g_assert_true (crapette_notation_parse_position ("Crapette position\n"
                                                   "Variant: american\n"
                                                   "Rest: SD ND SW\n"
                                                   "SD: K♠\n"
                                                   "T1: 5♥\n",
                                                   -1, &position, &error));
  g_assert_no_error (error);

  hand = &position.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)];
  /* 50 cards left over, 17 + 17 + 16, then the listed K♠ on top. */
  g_assert_cmpuint (hand->count, ==, 18);
  g_assert_cmpuint (hand->cards[0], ==, crapette_card_make (0, CRAPETTE_CLUBS, 1));
  g_assert_cmpuint (hand->cards[1], ==, crapette_card_make (0, CRAPETTE_CLUBS, 4));
  g_assert_cmpuint (hand->cards[17], ==, crapette_card_make (0, CRAPETTE_SPADES, 13));
  g_assert_cmpuint (position.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE,
                                                          CRAPETTE_SOUTH)].count, ==, 16);
  g_assert_cmpuint (position.piles[crapette_pile_house (0)].count, ==, 1);
  /* American Bank's rows count as laid out unless the position says otherwise. */
  g_assert_cmpuint (position.laid_out, ==, 3);
}

static void
test_ascii_spellings (void)
{
  g_autoptr(GError) error = NULL;
  CrapettePosition unicode;
  CrapettePosition ascii;

  g_assert_true (crapette_notation_parse_position (example_position, -1, &unicode, &error));
  g_assert_true (crapette_notation_parse_position ("crapette position\r\n"
                                                   "variant: russian\r\n"
                                                   "RULES: idle-turns=50 reserve=13\r\n"
                                                   "Deal:42\r\n"
                                                   "Round: 2\r\n"
                                                   "To move: North\r\n"
                                                   "Dealer: SOUTH\r\n"
                                                   "Turn: 12\r\n"
                                                   "Idle turns: 3\r\n"
                                                   "Passes: 1\r\n"
                                                   "Moved: YES\r\n"
                                                   "Opened: h3\r\n"
                                                   "Rest: sd nd\r\n"
                                                   "sr: 2c 8h\r\n"
                                                   "NR:\t9s*\r\n"
                                                   "h1: Ks qH\r\n"
                                                   "f1: ac 2c*   # a comment\r\n"
                                                   "F2: Ad*",
                                                   -1, &ascii, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_position_equal (&unicode, &ascii));
}

/* A byte order mark and a missing final line end are both fine. */
static void
test_byte_order_mark (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strconcat ("\xef\xbb\xbf", example_position, NULL);
  CrapettePosition position;

  g_assert_true (crapette_notation_parse_position (text, strlen (text) - 1, &position, &error));
  g_assert_no_error (error);
}

/* ---- Moves --------------------------------------------------------------- */

#define SEAT_PILE(kind, seat) crapette_pile_of_seat (CRAPETTE_PILE_KIND_##kind, CRAPETTE_##seat)

static void
test_pile_codes (void)
{
  CrapettePosition russian;
  CrapettePosition american;
  CrapetteRules rules;
  struct
  {
    const CrapettePosition *position;
    CrapettePileId pile;
    CrapetteSeat mover;
    const char *code;
  } cases[] = {
    { &russian, SEAT_PILE (RESERVE, SOUTH), CRAPETTE_SOUTH, "R" },
    { &russian, SEAT_PILE (RESERVE, SOUTH), CRAPETTE_NORTH, "SR" },
    { &russian, SEAT_PILE (WASTE, NORTH), CRAPETTE_SOUTH, "NW" },
    { &russian, SEAT_PILE (STOCK, NORTH), CRAPETTE_NO_SEAT, "ND" },
    { &russian, SEAT_PILE (TURNED, NORTH), CRAPETTE_NORTH, "C" },
    { &russian, crapette_pile_house (0), CRAPETTE_SOUTH, "H1" },
    { &russian, crapette_pile_foundation (7), CRAPETTE_NORTH, "F8" },
    { &american, crapette_pile_house (4), CRAPETTE_SOUTH, "T5" },
    { &american, crapette_pile_foundation (3), CRAPETTE_SOUTH, "X4" },
    { &american, SEAT_PILE (WASTE, SOUTH), CRAPETTE_SOUTH, "W" },
  };

  crapette_rules_init_default (&rules);
  crapette_position_deal (&russian, CRAPETTE_VARIANT_RUSSIAN, &rules, 1, 0);
  crapette_position_deal (&american, CRAPETTE_VARIANT_AMERICAN, &rules, 1, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *code = crapette_notation_format_pile (cases[i].position, cases[i].pile,
                                                             cases[i].mover);

      g_assert_cmpstr (code, ==, cases[i].code);
    }
}

/* Every legal move of many positions is written, read back as itself, and
 * read the same way in ASCII. */
static void
test_moves_round_trip (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(CrapetteRound) round = random_round (variant, 5, 300);
      CrapettePosition position = *crapette_round_get_start (round);

      for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
        {
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n_moves = crapette_position_legal_moves (&position, moves);

          for (gsize j = 0; j < n_moves; j++)
            {
              g_autoptr(GError) error = NULL;
              g_autofree char *text = crapette_notation_format_move (&position, &moves[j]);
              g_autofree char *ascii = NULL;
              g_auto(GStrv) parts = NULL;
              CrapetteMove parsed;

              g_assert_true (crapette_notation_parse_move (&position, text, &parsed, &error));
              g_assert_no_error (error);
              g_assert_cmpuint (parsed.kind, ==, moves[j].kind);
              if (parsed.kind == CRAPETTE_MOVE_CARD)
                {
                  g_assert_cmpmem (&parsed, sizeof parsed, &moves[j], sizeof moves[j]);
                  g_assert_nonnull (strstr (text, "→"));
                }
              g_assert_true (crapette_position_is_legal (&position, &parsed));

              /* The same move without the seat and with the ASCII arrow. */
              parts = g_strsplit (text + 3, "→", -1);
              ascii = g_strjoinv ("->", parts);
              g_assert_true (crapette_notation_parse_move (&position, ascii, &parsed, &error));
              g_assert_no_error (error);
              g_assert_true (crapette_position_is_legal (&position, &parsed));
            }
          crapette_position_apply_move (&position, crapette_round_get_move (round, i));
        }
    }
}

/* The turn is written with the card it turned up, which must match when read. */
static void
test_turn_names_card (void)
{
  g_autoptr(CrapetteRound) round = random_round (CRAPETTE_VARIANT_RUSSIAN, 11, 200);
  g_autofree char *text = crapette_notation_format_round (round);
  const char *turn = strstr (text, ": turn ");
  CrapetteCard card;
  const char *end;

  g_assert_nonnull (turn);
  g_assert_true (crapette_card_parse (turn + strlen (": turn "), &end, &card, NULL));
  g_assert_true (*end == '\n');
}

/* ---- Records written by hand -------------------------------------------- */

static const char example_record[] =
  "Crapette record\n"
  "Variant: american\n"
  "Deal: 3\n"
  "\n"
  "Moves:\n";

/* The first legal move of the deal in @variant, written in notation. */
static char *
first_move_text (CrapetteVariant variant,
                 guint64         deal,
                 CrapettePosition *position)
{
  CrapetteRules rules;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];

  crapette_rules_init_default (&rules);
  crapette_position_deal (position, variant, &rules, deal, 0);
  g_assert_cmpuint (crapette_position_legal_moves (position, moves), >, 0);
  return crapette_notation_format_move (position, &moves[0]);
}

static void
test_record_by_hand (void)
{
  g_autoptr(GError) error = NULL;
  CrapettePosition start;
  g_autofree char *move = first_move_text (CRAPETTE_VARIANT_AMERICAN, 3, &start);
  g_autofree char *text = g_strconcat (example_record, "# first move\n", move, "   \n\n", NULL);
  g_autoptr(CrapetteRound) round = crapette_notation_parse_round (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (round);
  g_assert_true (crapette_round_is_from_deal (round));
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 1);
  g_assert_true (crapette_position_equal (crapette_round_get_start (round), &start));
}

/* In Russian Bank a move may leave out the pack marker of its card. */
static void
test_pack_marker_optional (void)
{
  for (guint64 deal = 1; deal < 40; deal++)
    {
      g_autoptr(GError) error = NULL;
      CrapettePosition position;
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves;

      g_free (first_move_text (CRAPETTE_VARIANT_RUSSIAN, deal, &position));
      n_moves = crapette_position_legal_moves (&position, moves);
      for (gsize i = 0; i < n_moves; i++)
        {
          g_autofree char *from = NULL;
          g_autofree char *to = NULL;
          g_autofree char *card = NULL;
          g_autofree char *text = NULL;
          CrapetteMove parsed;

          if (moves[i].kind != CRAPETTE_MOVE_CARD || crapette_card_pack (moves[i].card) == 0)
            continue;
          from = crapette_notation_format_pile (&position, moves[i].from, CRAPETTE_NO_SEAT);
          to = crapette_notation_format_pile (&position, moves[i].to, CRAPETTE_NO_SEAT);

          card = crapette_card_to_string (moves[i].card, TRUE);
          text = g_strdup_printf ("%s %s → %s", from, card, to);
          g_assert_true (crapette_notation_parse_move (&position, text, &parsed, &error));
          g_assert_cmpuint (parsed.card, ==, moves[i].card);
          g_free (text);

          /* Without the marker the card on top is still the one meant. */
          text = g_strdup_printf ("%s %.*s → %s", from, (int) strlen (card) - 1, card, to);
          g_assert_true (crapette_notation_parse_move (&position, text, &parsed, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (parsed.card, ==, moves[i].card);
          return;
        }
    }
  g_test_skip ("no deal offered a move of a second-pack card");
}

/* ---- Errors ---------------------------------------------------------------- */

/* The start of every position in the tables below. */
#define RUSSIAN "Crapette position\nVariant: russian\n"
#define AMERICAN "Crapette position\nVariant: american\n"
#define SYNTAX CRAPETTE_NOTATION_ERROR_SYNTAX
#define INVALID CRAPETTE_NOTATION_ERROR_INVALID

static void
test_position_errors (void)
{
  struct
  {
    const char *text;
    int code;
    const char *prefix;
  } cases[] = {
    { "", SYNTAX, "The text is empty" },
    { "\n# nothing\n", SYNTAX, "The text is empty" },
    { "Crapette record\nVariant: russian\n", SYNTAX, "Line 1:" },
    { "Crapette position\nDeal: 3\n", SYNTAX, "Line 2:" },
    { "Crapette position\n", SYNTAX, "Line 1:" },
    { "Crapette position\nVariant: chess\n", SYNTAX, "Line 2:" },
    { RUSSIAN "Variant: russian\n",
      SYNTAX, "Line 3:" },
    { RUSSIAN "Deal: 1\n\nDeal: 1\n",
      SYNTAX, "Line 5: “Deal” was already given on line 3" },
    { RUSSIAN "Deal: 123456789012345678901234567890\n",
      SYNTAX, "Line 3:" },
    { RUSSIAN "Deal: 18446744073709551616\n",
      SYNTAX, "Line 3:" },
    { RUSSIAN "Deal: -1\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Round: 0\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Round: 258\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Rules: reserve=13 colour=red\n",
      SYNTAX, "Line 3: Unknown rule “colour”" },
    { RUSSIAN "Rules: reserve=14\n",
      INVALID, "Line 3:" },
    { RUSSIAN "Rules: idle-turns=5\n",
      INVALID, "Line 3:" },
    { RUSSIAN "Rules: start=random\n",
      SYNTAX, "Line 3:" },
    { RUSSIAN "Rules: reserve=12 reserve=13\n",
      SYNTAX, "Line 3:" },
    { RUSSIAN "To move: east\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Moved: maybe\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Passes: 3\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Opened: F1\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Opened: T1\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Laid out: west\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Stock seen: west\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Reserve seen: 1\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Reserve seen: 0 0 0\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Reserve seen: 0 x\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Low water: 3\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Rest: SD SD\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Rest: D\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Colour: blue\n", SYNTAX, "Line 3:" },
    { RUSSIAN "this is not a header\n",
      SYNTAX, "Line 3:" },
    { AMERICAN "SR: 5♣\n", SYNTAX, "Line 3:" },
    { AMERICAN "H1: 5♣\n", SYNTAX, "Line 3:" },
    { RUSSIAN "SR: 5♣ 11♣\n", SYNTAX, "Line 3:" },
    { RUSSIAN "SR: 5♣ 5♣x\n", SYNTAX, "Line 3:" },
    { RUSSIAN "SR: 5♣\nSR: 6♣\n",
      SYNTAX, "Line 4:" },
    { RUSSIAN "SR: 5♣\nND:\n\nSW: 6♦ 5♣\n",
      INVALID, "Line 6: The 5♣ is here and also on line 3" },
    { AMERICAN "SD: 5♣*\n", INVALID, "Line 3:" },
    { RUSSIAN "SR: 5♣\n", INVALID,
      "The position lacks 103 cards" },
    { RUSSIAN "Rest: SD ND\nSC: 5♣ 6♣\n",
      INVALID, "This position cannot happen" },
    { RUSSIAN "Rest: SD ND\nRules: idle-turns=10\nIdle turns: 11\n",
      INVALID, "Line 5:" },
    { AMERICAN "Rest: SD ND\nT1: 5♣ 9♥\n",
      INVALID, "This position cannot happen" },
    { RUSSIAN "Moves:\n", SYNTAX, "Line 3:" },
    /* Cards nobody has seen (a hidden network deal): ?PLACE, once each, in the deck. */
    { AMERICAN "SD: ?52\n", INVALID, "Line 3: There is no place 52 in a deck of 52 cards" },
    { RUSSIAN "SD: ?3\nND: ?3\n", INVALID,
      "Line 4: The unseen card ?3 is here and also on line 3" },
    { RUSSIAN "SD: ?104\n", SYNTAX, "Line 3:" },
    { RUSSIAN "SD: ?x\n", SYNTAX, "Line 3:" },
    { RUSSIAN "Rest: SD ND\nSD: ?7\n", INVALID, "This position cannot happen" },
    /* Nobody moves only while a hidden deal waits for its face-up cards. */
    { RUSSIAN "Rest: SD ND\nTo move: nobody\n", INVALID, "This position cannot happen" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u", i);
      assert_error (cases[i].text, -1, FALSE, cases[i].code, cases[i].prefix);
    }
}

static void
test_hostile_bytes (void)
{
  static const char with_nul[] = "Crapette position\nVariant: russian\nDeal: 4\0 2\n";
  g_autofree char *long_line = NULL;
  g_autofree char *huge = NULL;
  GString *many_cards;

  assert_error (with_nul, sizeof with_nul - 1, FALSE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 3:");
  assert_error ("Crapette position\nVariant: russian\nSR: 5\xff\n", -1, FALSE,
                CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 3:");
  assert_error ("Crapette position\nVariant: russian\nSR: 5\xe2\x99\n", -1, FALSE,
                CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 3:");

  long_line = g_strnfill (5000, 'x');
  huge = g_strconcat ("Crapette position\nVariant: russian\n# ", long_line, "\n", NULL);
  assert_error (huge, -1, FALSE, CRAPETTE_NOTATION_ERROR_TOO_LARGE, "Line 3:");
  assert_error (huge, -1, TRUE, CRAPETTE_NOTATION_ERROR_TOO_LARGE, "Line 3:");
  g_free (huge);

  huge = g_malloc0 (CRAPETTE_NOTATION_MAX_BYTES + 2);
  memset (huge, '\n', CRAPETTE_NOTATION_MAX_BYTES + 1);
  assert_error (huge, -1, FALSE, CRAPETTE_NOTATION_ERROR_TOO_LARGE, "The text is");
  assert_error (huge, -1, TRUE, CRAPETTE_NOTATION_ERROR_TOO_LARGE, "The text is");

  /* Every card of both packs, and more, on one pile. */
  many_cards = g_string_new ("Crapette position\nVariant: russian\nSD:");
  for (guint i = 0; i < 3 * CRAPETTE_MAX_CARDS; i++)
    {
      g_autofree char *name = crapette_card_to_string (i % CRAPETTE_MAX_CARDS, TRUE);

      g_string_append_printf (many_cards, " %s", name);
    }
  assert_error (many_cards->str, -1, FALSE, CRAPETTE_NOTATION_ERROR_INVALID, "Line 3:");
  g_string_free (many_cards, TRUE);
}

static void
test_record_errors (void)
{
  CrapettePosition start;
  g_autofree char *move = first_move_text (CRAPETTE_VARIANT_AMERICAN, 3, &start);
  g_autofree char *wrong_seat = NULL;
  g_autofree char *no_seat = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves;

  /* The seat is the player's to move, and must be written. */
  wrong_seat = g_strdup (move);
  wrong_seat[0] = start.to_move == CRAPETTE_SOUTH ? 'N' : 'S';
  text = g_strconcat (example_record, "\n", wrong_seat, "\n", NULL);
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_ILLEGAL,
                start.to_move == CRAPETTE_SOUTH ? "Line 7: It is South's turn, not North's"
                                                : "Line 7: It is North's turn, not South's");
  g_free (text);

  no_seat = g_strdup (move + 3);
  text = g_strconcat (example_record, no_seat, "\n", NULL);
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 6:");
  g_free (text);

  /* A move that breaks a rule gives the rules' own words. */
  n_moves = crapette_position_legal_moves (&start, moves);
  for (guint from = 0; from < CRAPETTE_N_PILES; from++)
    {
      for (guint to = 0; to < CRAPETTE_N_PILES; to++)
        {
          CrapetteMove illegal = { CRAPETTE_MOVE_CARD, from, to,
                                   crapette_position_top (&start, from) };
          g_autoptr(GError) refusal = NULL;
          g_autofree char *illegal_text = NULL;
          g_autofree char *expected = NULL;

          if (from == to || start.piles[from].count == 0 ||
              crapette_position_check_move (&start, &illegal, &refusal))
            continue;
          illegal_text = crapette_notation_format_move (&start, &illegal);
          text = g_strconcat (example_record, illegal_text, "\n", NULL);
          expected = g_strdup_printf ("Line 6: %s", refusal->message);
          assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_ILLEGAL, expected);
          g_clear_pointer (&text, g_free);
          from = to = CRAPETTE_N_PILES;
        }
    }
  g_assert_cmpuint (n_moves, >, 0);

  /* Syntax errors in moves. */
  text = g_strconcat (example_record, "S: R 7♦ F3\n", NULL);
  assert_error (text, -1, TRUE, start.to_move == CRAPETTE_SOUTH ? CRAPETTE_NOTATION_ERROR_SYNTAX
                                                                : CRAPETTE_NOTATION_ERROR_ILLEGAL,
                "Line 6:");
  g_free (text);
  text = g_strdup_printf ("%s%s: jump\n", example_record,
                          start.to_move == CRAPETTE_SOUTH ? "S" : "N");
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 6:");
  g_free (text);
  text = g_strdup_printf ("%s%s: end now\n", example_record,
                          start.to_move == CRAPETTE_SOUTH ? "S" : "N");
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 6:");
  g_free (text);
  text = g_strconcat (example_record, move, "\nDeal: 4\n", NULL);
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 7:");
  g_free (text);
  text = g_strconcat ("Crapette record\nVariant: american\nMoves: ", move, "\n", NULL);
  assert_error (text, -1, TRUE, CRAPETTE_NOTATION_ERROR_SYNTAX, "Line 3:");
  g_free (text);

  /* A position in a record is checked like any other. */
  assert_error ("Crapette record\nVariant: russian\nSR: 5♣\nMoves:\n", -1, TRUE,
                CRAPETTE_NOTATION_ERROR_INVALID, "The position lacks");

  /* A record without moves, or without even the Moves line, is a dealt round. */
  text = g_strdup ("Crapette record\nVariant: russian\nDeal: 9\n");
  {
    g_autoptr(CrapetteRound) round = crapette_notation_parse_round (text, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 0);
    g_assert_cmpuint (crapette_round_get_start (round)->deal_number, ==, 9);
  }
}

/* A turn that names the wrong card is refused with the card it turned up. */
static void
test_wrong_turned_card (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(CrapetteRound) round = random_round (variant, 21, 400);
      CrapettePosition position = *crapette_round_get_start (round);

      for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
        {
          const CrapetteMove *move = crapette_round_get_move (round, i);

          if (move->kind == CRAPETTE_MOVE_TURN)
            {
              g_autoptr(GError) error = NULL;
              g_autofree char *text = NULL;
              g_autofree char *wrong = crapette_card_to_string ((move->card + 1) % 52, FALSE);
              CrapetteMove parsed;

              text = g_strdup_printf ("turn %s", wrong);
              g_assert_false (crapette_notation_parse_move (&position, text, &parsed, &error));
              g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_ILLEGAL);
              g_assert_true (g_str_has_prefix (error->message, "The card turned up is the "));
              break;
            }
          crapette_position_apply_move (&position, move);
        }
    }
}

/* Every prefix of a real record and of a real position either reads or
 * fails with a notation error; nothing crashes or leaks. */
static void
test_truncations (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(CrapetteRound) round = random_round (variant, 8, 60);
      g_autoptr(CrapetteRound) from_position =
        crapette_round_new_from_position (crapette_round_get_position (round), FALSE);
      g_autofree char *record = crapette_notation_format_round (round);
      g_autofree char *position_record = crapette_notation_format_round (from_position);
      g_autofree char *position_text =
        crapette_notation_format_position (crapette_round_get_position (round));
      const char *texts[] = { record, position_record, position_text };

      for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
        {
          gsize length = strlen (texts[t]);

          for (gsize cut = 0; cut <= length; cut++)
            {
              g_autoptr(GError) error = NULL;
              g_autoptr(CrapetteRound) parsed = NULL;
              CrapettePosition position;

              if (t == 2)
                {
                  if (!crapette_notation_parse_position (texts[t], (gssize) cut, &position, &error))
                    g_assert_error (error, CRAPETTE_NOTATION_ERROR, error->code);
                }
              else if ((parsed = crapette_notation_parse_round (texts[t], (gssize) cut,
                                                                &error)) == NULL)
                g_assert_true (error->domain == CRAPETTE_NOTATION_ERROR);
            }
        }
    }
}

/* Random damage to a real record: a changed byte, a deleted line, a
 * duplicated line. */
static void
test_mutations (void)
{
  g_autoptr(CrapetteRound) round = random_round (CRAPETTE_VARIANT_RUSSIAN, 13, 120);
  g_autofree char *record = crapette_notation_format_round (round);
  gsize length = strlen (record);
  CrapetteRandom random;

  crapette_random_init (&random, 99);
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *damaged = g_strdup (record);
      g_autoptr(GError) error = NULL;
      g_autoptr(CrapetteRound) parsed = NULL;
      guint n_changes = 1 + crapette_random_below (&random, 3);

      for (guint c = 0; c < n_changes; c++)
        damaged[crapette_random_below (&random, (guint32) length)] =
          (char) (1 + crapette_random_below (&random, 255));
      parsed = crapette_notation_parse_round (damaged, (gssize) length, &error);
      if (parsed == NULL)
        g_assert_true (error->domain == CRAPETTE_NOTATION_ERROR);
      else
        assert_round_round_trip (parsed);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/position/round-trips", test_position_round_trips);
  g_test_add_func ("/notation/position/example", test_example_position);
  g_test_add_func ("/notation/position/rest", test_rest_below_listed_cards);
  g_test_add_func ("/notation/position/ascii", test_ascii_spellings);
  g_test_add_func ("/notation/position/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/notation/position/errors", test_position_errors);
  g_test_add_func ("/notation/position/hostile-bytes", test_hostile_bytes);
  g_test_add_func ("/notation/move/pile-codes", test_pile_codes);
  g_test_add_func ("/notation/move/round-trip", test_moves_round_trip);
  g_test_add_func ("/notation/move/turn-names-card", test_turn_names_card);
  g_test_add_func ("/notation/move/pack-marker-optional", test_pack_marker_optional);
  g_test_add_func ("/notation/move/wrong-turned-card", test_wrong_turned_card);
  g_test_add_func ("/notation/record/round-trips", test_record_round_trips);
  g_test_add_func ("/notation/record/finished", test_record_finished);
  g_test_add_func ("/notation/record/by-hand", test_record_by_hand);
  g_test_add_func ("/notation/record/errors", test_record_errors);
  g_test_add_func ("/notation/record/truncations", test_truncations);
  g_test_add_func ("/notation/record/mutations", test_mutations);

  return g_test_run ();
}

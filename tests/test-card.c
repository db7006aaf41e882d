/* test-card.c: cards as numbers and as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "crapette-card.h"

static void
test_encoding (void)
{
  for (guint pack = 0; pack < 2; pack++)
    for (guint suit = 0; suit < 4; suit++)
      for (guint rank = 1; rank <= 13; rank++)
        {
          CrapetteCard card = crapette_card_make (pack, suit, rank);

          g_assert_true (crapette_card_is_real (card));
          g_assert_cmpuint (crapette_card_pack (card), ==, pack);
          g_assert_cmpuint (crapette_card_suit (card), ==, suit);
          g_assert_cmpuint (crapette_card_rank (card), ==, rank);
          g_assert_true (crapette_card_is_red (card) ==
                         (suit == CRAPETTE_DIAMONDS || suit == CRAPETTE_HEARTS));
        }
  g_assert_false (crapette_card_is_real (CRAPETTE_CARD_NONE));
  g_assert_false (crapette_card_is_real (CRAPETTE_CARD_UNKNOWN));
}

static void
test_text_round_trip (void)
{
  for (CrapetteCard card = 0; card < CRAPETTE_MAX_CARDS; card++)
    {
      g_autofree char *with_pack = crapette_card_to_string (card, TRUE);
      g_autofree char *without = crapette_card_to_string (card, FALSE);
      CrapetteCard parsed;
      gboolean pack_given;
      const char *end;

      g_assert_true (crapette_card_parse (with_pack, &end, &parsed, &pack_given));
      g_assert_cmpuint (parsed, ==, card);
      g_assert_cmpint (*end, ==, '\0');
      g_assert_true (pack_given == (crapette_card_pack (card) == 1));

      g_assert_true (crapette_card_parse (without, &end, &parsed, &pack_given));
      g_assert_cmpuint (parsed, ==, card % CRAPETTE_CARDS_PER_PACK);
      g_assert_false (pack_given);
    }
}

static void
test_spellings (void)
{
  const struct { const char *text; CrapetteCard card; const char *rest; } cases[] = {
    { "7♦", 0 * 52 + 1 * 13 + 6, "" },
    { "7d", 0 * 52 + 1 * 13 + 6, "" },
    { "10♣ → F3", 9, " → F3" },
    { "Tc", 9, "" },
    { "K♠*", 52 + 3 * 13 + 12, "" },
    { "ah", 2 * 13, "" },
    { "Qs,", 3 * 13 + 11, "," },
  };
  const char *bad[] = { "", "1♦", "11♦", "0h", "7", "7x", "X♠", "♠7" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CrapetteCard card;
      const char *end;

      g_assert_true (crapette_card_parse (cases[i].text, &end, &card, NULL));
      g_assert_cmpuint (card, ==, cases[i].card);
      g_assert_cmpstr (end, ==, cases[i].rest);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (crapette_card_parse (bad[i], NULL, NULL, NULL));
}

static void
test_names (void)
{
  g_autofree char *unknown = crapette_card_to_string (CRAPETTE_CARD_UNKNOWN, TRUE);
  g_autofree char *display = crapette_card_display_name (crapette_card_make (0, CRAPETTE_SPADES, 13));
  g_autofree char *spoken = crapette_card_spoken_name (crapette_card_make (1, CRAPETTE_DIAMONDS, 7));

  g_assert_cmpstr (unknown, ==, "??");
  g_assert_cmpstr (display, ==, "K♠");
  g_assert_cmpstr (spoken, ==, "Seven of Diamonds");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card/encoding", test_encoding);
  g_test_add_func ("/card/text-round-trip", test_text_round_trip);
  g_test_add_func ("/card/spellings", test_spellings);
  g_test_add_func ("/card/names", test_names);

  return g_test_run ();
}

/* crapette-card.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"

static const char * const suit_symbols[] = { "♣", "♦", "♥", "♠" };
static const char suit_letters[] = { 'c', 'd', 'h', 's' };
static const char * const rank_indices[] = {
  NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
};

/* The suit's symbol, such as "♠". */
const char *
crapette_suit_symbol (CrapetteSuit suit)
{
  g_return_val_if_fail (suit <= CRAPETTE_SPADES, "?");

  return suit_symbols[suit];
}

/* The rank as written in records and on the card faces: "A", "2" … "10", "J", "Q", "K". */
const char *
crapette_rank_index (guint rank)
{
  g_return_val_if_fail (rank >= 1 && rank <= 13, "?");

  return rank_indices[rank];
}

/* The card in notation, such as "7♦", with a "*" after a card of the second
 * pack when @with_pack is set; "??" for a card face down in a view. */
char *
crapette_card_to_string (CrapetteCard card,
                         gboolean     with_pack)
{
  if (card == CRAPETTE_CARD_UNKNOWN)
    return g_strdup ("??");
  g_return_val_if_fail (crapette_card_is_real (card), g_strdup ("?"));

  return g_strconcat (rank_indices[crapette_card_rank (card)],
                      suit_symbols[crapette_card_suit (card)],
                      with_pack && crapette_card_pack (card) == 1 ? "*" : "",
                      NULL);
}

/* The card as a player reads it in a message, with the rank letters of the
 * player's language, such as "7♦" or "R♠". */
char *
crapette_card_display_name (CrapetteCard card)
{
  const char *rank;

  g_return_val_if_fail (crapette_card_is_real (card), g_strdup ("?"));

  switch (crapette_card_rank (card))
    {
    case 1:
      /* Translators: the index of an Ace, as written in a card's corner */
      rank = C_("card rank", "A");
      break;
    case 11:
      /* Translators: the index of a Jack, as written in a card's corner */
      rank = C_("card rank", "J");
      break;
    case 12:
      /* Translators: the index of a Queen, as written in a card's corner */
      rank = C_("card rank", "Q");
      break;
    case 13:
      /* Translators: the index of a King, as written in a card's corner */
      rank = C_("card rank", "K");
      break;
    default:
      rank = rank_indices[crapette_card_rank (card)];
      break;
    }
  return g_strconcat (rank, suit_symbols[crapette_card_suit (card)], NULL);
}

/* The card's full name, for screen readers: "Seven of Diamonds". */
char *
crapette_card_spoken_name (CrapetteCard card)
{
  static const char * const names[4][13] = {
    { N_("Ace of Clubs"), N_("Two of Clubs"), N_("Three of Clubs"), N_("Four of Clubs"),
      N_("Five of Clubs"), N_("Six of Clubs"), N_("Seven of Clubs"), N_("Eight of Clubs"),
      N_("Nine of Clubs"), N_("Ten of Clubs"), N_("Jack of Clubs"), N_("Queen of Clubs"),
      N_("King of Clubs") },
    { N_("Ace of Diamonds"), N_("Two of Diamonds"), N_("Three of Diamonds"),
      N_("Four of Diamonds"), N_("Five of Diamonds"), N_("Six of Diamonds"),
      N_("Seven of Diamonds"), N_("Eight of Diamonds"), N_("Nine of Diamonds"),
      N_("Ten of Diamonds"), N_("Jack of Diamonds"), N_("Queen of Diamonds"),
      N_("King of Diamonds") },
    { N_("Ace of Hearts"), N_("Two of Hearts"), N_("Three of Hearts"), N_("Four of Hearts"),
      N_("Five of Hearts"), N_("Six of Hearts"), N_("Seven of Hearts"), N_("Eight of Hearts"),
      N_("Nine of Hearts"), N_("Ten of Hearts"), N_("Jack of Hearts"), N_("Queen of Hearts"),
      N_("King of Hearts") },
    { N_("Ace of Spades"), N_("Two of Spades"), N_("Three of Spades"), N_("Four of Spades"),
      N_("Five of Spades"), N_("Six of Spades"), N_("Seven of Spades"), N_("Eight of Spades"),
      N_("Nine of Spades"), N_("Ten of Spades"), N_("Jack of Spades"), N_("Queen of Spades"),
      N_("King of Spades") },
  };

  if (card == CRAPETTE_CARD_UNKNOWN)
    return g_strdup (_("a card face down"));
  g_return_val_if_fail (crapette_card_is_real (card), g_strdup ("?"));

  return g_strdup (_(names[crapette_card_suit (card)][crapette_card_rank (card) - 1]));
}

static gboolean
parse_suit (const char   *text,
            const char  **end,
            CrapetteSuit *suit)
{
  for (guint i = 0; i < G_N_ELEMENTS (suit_symbols); i++)
    {
      gsize length = strlen (suit_symbols[i]);

      if (strncmp (text, suit_symbols[i], length) == 0)
        {
          *suit = i;
          *end = text + length;
          return TRUE;
        }
      if (g_ascii_tolower (text[0]) == suit_letters[i])
        {
          *suit = i;
          *end = text + 1;
          return TRUE;
        }
    }
  return FALSE;
}

/* Reads a card in notation at the start of @text ("7♦", "10c", "K♠*"): on
 * success sets @card, @pack_given (whether a pack marker was written) and
 * @end (just after the card). Without a marker the card is of the first pack. */
gboolean
crapette_card_parse (const char    *text,
                     const char   **end,
                     CrapetteCard  *card,
                     gboolean      *pack_given)
{
  const char *p = text;
  CrapetteSuit suit;
  guint rank = 0;
  guint pack = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  switch (g_ascii_toupper (*p))
    {
    case 'A': rank = 1; p++; break;
    case 'J': rank = 11; p++; break;
    case 'Q': rank = 12; p++; break;
    case 'K': rank = 13; p++; break;
    case 'T': rank = 10; p++; break;
    case '1':
      if (p[1] != '0')
        return FALSE;
      rank = 10;
      p += 2;
      break;
    default:
      if (*p >= '2' && *p <= '9')
        rank = (guint) (*p++ - '0');
      break;
    }
  if (rank == 0 || !parse_suit (p, &p, &suit))
    return FALSE;

  if (pack_given != NULL)
    *pack_given = (*p == '*');
  if (*p == '*')
    {
      pack = 1;
      p++;
    }
  if (card != NULL)
    *card = crapette_card_make (pack, suit, rank);
  if (end != NULL)
    *end = p;
  return TRUE;
}

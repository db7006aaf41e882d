/* crapette-pile-description.c: a pile in words, as a screen reader says what the eye sees
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table draws every pile; a person who cannot see it hears these words instead:
 * whose pile and what kind (crapette_pile_name()), how many cards, the top card or that
 * it lies face down, an American Bank tableau pile's direction and the card it started
 * from, and on request every card of a fan. They read a CrapetteView, where a card
 * face down is unknown, so it is never named.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-pile-description.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-names.h"

/* Whether @pile shows more than its top card: the fans of houses and tableau piles. */
static gboolean
is_fanned (CrapettePileId pile)
{
  return crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_HOUSE;
}

static char *
spoken_card (const CrapetteView     *view,
             CrapettePileId          pile,
             guint                   depth)
{
  CrapetteCard card = crapette_view_get_card (view, pile, depth);

  if (!crapette_card_is_real (card))
    return g_strdup (C_("card", "face down"));
  return crapette_card_spoken_name (card);
}

/* The top card of @pile by its spoken name ("Seven of Clubs"), or %NULL when it has none
 * face up. */
char *
crapette_describe_top_card (const CrapetteView     *view,
                            CrapettePileId          pile)
{
  guint count;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  count = crapette_view_get_count (view, pile);
  if (count == 0 || !crapette_card_is_real (crapette_view_get_top (view, pile)))
    return NULL;
  return crapette_card_spoken_name (crapette_view_get_top (view, pile));
}

/* @text with its first letter as at the start of a sentence: "your reserve" names a pile in
 * the middle of one, and a pile's accessible name starts with it. */
static char *
sentence_start (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char title[6];
  int length;

  if (first == 0)
    return g_strdup (text);
  length = g_unichar_to_utf8 (g_unichar_totitle (first), title);
  return g_strdup_printf ("%.*s%s", length, title, g_utf8_next_char (text));
}

/* The pile as a screen reader names it: "House 3, 2 cards, top card Six of Hearts", "Your
 * reserve, 10 cards, top card King of Spades", its owner named by @names (%NULL: by seat, as
 * between two people with no names). */
char *
crapette_describe_pile (const CrapetteView        *view,
                        CrapettePileId             pile,
                        const CrapettePlayerNames *names)
{
  g_autofree char *owned = NULL;
  g_autofree char *name = NULL;
  g_autofree char *count = NULL;
  g_autofree char *top = NULL;
  guint n_cards;
  int direction;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  owned = crapette_player_pile_name (names, crapette_view_get_variant (view), pile);
  name = sentence_start (owned);
  n_cards = crapette_view_get_count (view, pile);
  if (n_cards == 0)
    /* Translators: an empty place for screen readers: "House 5, empty" */
    return g_strdup_printf (_("%s, empty"), name);

  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n_cards),
                           n_cards);
  top = crapette_describe_top_card (view, pile);
  if (top == NULL)
    /* Translators: a pile whose top card lies face down: "South’s stock, 35 cards, face down" */
    return g_strdup_printf (_("%s, %s, face down"), name, count);

  direction = crapette_view_get_direction (view, pile);
  if (direction != 0)
    {
      g_autofree char *bottom = spoken_card (view, pile, 0);

      return g_strdup_printf (direction > 0
                              /* Translators: an American Bank tableau pile for screen readers:
                               * "Tableau pile 3, 4 cards, going up from Two of Spades, top card
                               * Five of Hearts" */
                              ? _("%s, %s, going up from %s, top card %s")
                              /* Translators: as "going up", for a pile built downwards */
                              : _("%s, %s, going down from %s, top card %s"),
                              name, count, bottom, top);
    }

  /* TRANSLATORS: a pile for screen readers:
   * "South’s reserve, 12 cards, top card Seven of Diamonds" */
  return g_strdup_printf (_("%s, %s, top card %s"), name, count, top);
}

/* The cards of @pile one sees, from the bottom up ("From the bottom: …"); %NULL when only
 * its top card shows, which its name already says. */
char *
crapette_describe_pile_cards (const CrapetteView     *view,
                              CrapettePileId          pile)
{
  g_autoptr(GString) cards = NULL;
  guint n_cards;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  n_cards = crapette_view_get_count (view, pile);
  if (!is_fanned (pile) || n_cards < 2)
    return NULL;

  cards = g_string_new (NULL);
  for (guint depth = 0; depth < n_cards; depth++)
    {
      g_autofree char *card = spoken_card (view, pile, depth);

      if (depth > 0)
        /* Translators: what separates the cards of a pile read out one after another */
        g_string_append (cards, C_("list of cards", ", "));
      g_string_append (cards, card);
    }
  /* Translators: every card of a fanned pile, bottom first: "From the bottom: Ten of Clubs,
   * Nine of Hearts, Eight of Clubs" */
  return g_strdup_printf (_("From the bottom: %s"), cards->str);
}

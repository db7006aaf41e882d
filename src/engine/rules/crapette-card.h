/* crapette-card.h: what a card is, and how it is written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-types.h"

G_BEGIN_DECLS

static inline CrapetteCard
crapette_card_make (guint        pack,
                    CrapetteSuit suit,
                    guint        rank)
{
  return (CrapetteCard) (pack * CRAPETTE_CARDS_PER_PACK + suit * 13 + (rank - 1));
}

/* The rank, 1 (Ace) to 13 (King). */
static inline guint
crapette_card_rank (CrapetteCard card)
{
  return card % 13 + 1;
}

static inline CrapetteSuit
crapette_card_suit (CrapetteCard card)
{
  return (CrapetteSuit) ((card % CRAPETTE_CARDS_PER_PACK) / 13);
}

/* 0 for the first pack (South's back in Russian Bank), 1 for the second. */
static inline guint
crapette_card_pack (CrapetteCard card)
{
  return card / CRAPETTE_CARDS_PER_PACK;
}

static inline gboolean
crapette_card_is_red (CrapetteCard card)
{
  CrapetteSuit suit = crapette_card_suit (card);

  return suit == CRAPETTE_DIAMONDS || suit == CRAPETTE_HEARTS;
}

static inline gboolean
crapette_card_is_real (CrapetteCard card)
{
  return card < CRAPETTE_MAX_CARDS;
}

/* A hidden deal's stand-in for the card at place @index (0 to 103) of the deck: it says
 * where the card was dealt, never which card it is. */
static inline CrapetteCard
crapette_card_hidden (guint index)
{
  return (CrapetteCard) (CRAPETTE_CARD_HIDDEN_FIRST + index);
}

static inline gboolean
crapette_card_is_hidden (CrapetteCard card)
{
  return card >= CRAPETTE_CARD_HIDDEN_FIRST && card < CRAPETTE_CARD_HIDDEN_FIRST + CRAPETTE_MAX_CARDS;
}

/* The place in the deck a stand-in stands for. */
static inline guint
crapette_card_hidden_index (CrapetteCard card)
{
  return (guint) card - CRAPETTE_CARD_HIDDEN_FIRST;
}

const char *crapette_suit_symbol        (CrapetteSuit  suit);
const char *crapette_rank_index         (guint         rank);
char       *crapette_card_to_string     (CrapetteCard  card,
                                         gboolean      with_pack);
char       *crapette_card_display_name  (CrapetteCard  card);
char       *crapette_card_spoken_name   (CrapetteCard  card);
gboolean    crapette_card_parse         (const char   *text,
                                         const char  **end,
                                         CrapetteCard *card,
                                         gboolean     *pack_given);

G_END_DECLS

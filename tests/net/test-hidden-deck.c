/* test-hidden-deck.c: the hidden deal deals every card once and catches a cheat
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sodium.h>

#include "crapette-hidden-deck.h"

#define ELEMENT CRAPETTE_HIDDEN_ELEMENT_SIZE

typedef struct
{
  CrapetteHiddenParty *first;
  CrapetteHiddenParty *second;
  guint n_cards;
  guint8 lists[4][CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT];
} Deal;

/* Where a test may change a list on its way to the other side. */
typedef void (*Tamper) (Deal *deal, guint list, gpointer data);

static void
deal_start (Deal       *deal,
            guint       n_cards,
            const char *label)
{
  memset (deal, 0, sizeof *deal);
  deal->n_cards = n_cards;
  deal->first = crapette_hidden_party_new (label, n_cards, 52, CRAPETTE_HIDDEN_FIRST);
  deal->second = crapette_hidden_party_new (label, n_cards, 52, CRAPETTE_HIDDEN_SECOND);
  crapette_hidden_party_set_other_commitment (deal->first,
                                              crapette_hidden_party_get_commitment (deal->second));
  crapette_hidden_party_set_other_commitment (deal->second,
                                              crapette_hidden_party_get_commitment (deal->first));
}

static void
deal_run (Deal     *deal,
          Tamper    tamper,
          gpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_hidden_party_shuffle (deal->first, NULL, deal->lists[0], &error));
  if (tamper != NULL)
    tamper (deal, 0, data);
  g_assert_true (crapette_hidden_party_shuffle (deal->second, deal->lists[0], deal->lists[1],
                                                &error));
  if (tamper != NULL)
    tamper (deal, 1, data);
  g_assert_true (crapette_hidden_party_rekey (deal->first, deal->lists[1], deal->lists[2], &error));
  if (tamper != NULL)
    tamper (deal, 2, data);
  g_assert_true (crapette_hidden_party_rekey (deal->second, deal->lists[2], deal->lists[3],
                                              &error));
  if (tamper != NULL)
    tamper (deal, 3, data);
  g_assert_true (crapette_hidden_party_accept_final (deal->first, deal->lists[3], &error));
  g_assert_no_error (error);
  g_assert_true (crapette_hidden_party_is_dealt (deal->first));
  g_assert_true (crapette_hidden_party_is_dealt (deal->second));
}

static void
deal_finish (Deal *deal)
{
  g_clear_pointer (&deal->first, crapette_hidden_party_free);
  g_clear_pointer (&deal->second, crapette_hidden_party_free);
}

/* Both sides turn one position up together: each sends its key, each opens. */
static gboolean
reveal (Deal     *deal,
        guint     position,
        guint    *card_out,
        GError  **error)
{
  guint8 first_key[CRAPETTE_HIDDEN_KEY_SIZE], second_key[CRAPETTE_HIDDEN_KEY_SIZE];
  guint card_at_first;

  if (!crapette_hidden_party_expect (deal->first, position, error)
      || !crapette_hidden_party_expect (deal->second, position, error)
      || !crapette_hidden_party_release_key (deal->first, position, first_key, error)
      || !crapette_hidden_party_release_key (deal->second, position, second_key, error)
      || !crapette_hidden_party_open (deal->first, position, second_key, &card_at_first, error)
      || !crapette_hidden_party_open (deal->second, position, first_key, card_out, error))
    return FALSE;
  g_assert_cmpuint (card_at_first, ==, *card_out);
  return TRUE;
}

static void
test_every_card_once (gconstpointer data)
{
  guint n_cards = GPOINTER_TO_UINT (data);
  gboolean seen[CRAPETTE_HIDDEN_MAX_CARDS] = { FALSE };
  guint opened[CRAPETTE_HIDDEN_MAX_CARDS];
  guint from_first[CRAPETTE_HIDDEN_MAX_CARDS], from_second[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) first_secret = NULL;
  g_autoptr(GBytes) second_secret = NULL;
  g_autoptr(GError) error = NULL;
  guint in_place = 0;
  Deal deal;

  deal_start (&deal, n_cards, "test every card once");
  deal_run (&deal, NULL, NULL);
  /* Turned up in a scattered order, as play would. */
  for (guint step = 0; step < n_cards; step++)
    {
      guint position = (step * 37) % n_cards;

      g_assert_true (reveal (&deal, position, &opened[position], &error));
      g_assert_no_error (error);
      g_assert_cmpuint (opened[position] / 52, ==, position / 52);
      g_assert_false (seen[opened[position]]);
      seen[opened[position]] = TRUE;
      in_place += opened[position] == position;
    }
  /* A shuffled pack keeps few cards where they were. */
  g_assert_cmpuint (in_place, <, n_cards / 4);

  first_secret = crapette_hidden_party_export_secret (deal.first);
  second_secret = crapette_hidden_party_export_secret (deal.second);
  g_assert_true (crapette_hidden_party_verify_other (deal.first, second_secret, from_first,
                                                     &error));
  g_assert_true (crapette_hidden_party_verify_other (deal.second, first_secret, from_second,
                                                     &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_cards; i++)
    {
      g_assert_cmpuint (from_first[i], ==, opened[i]);
      g_assert_cmpuint (from_second[i], ==, opened[i]);
    }
  deal_finish (&deal);
}

/* The end-of-round check reads the deal even when few cards were turned up. */
static void
test_verify_unrevealed (void)
{
  guint from_first[CRAPETTE_HIDDEN_MAX_CARDS], from_second[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) first_secret = NULL;
  g_autoptr(GBytes) second_secret = NULL;
  g_autoptr(GError) error = NULL;
  guint card;
  Deal deal;

  deal_start (&deal, 104, "test verify unrevealed");
  deal_run (&deal, NULL, NULL);
  g_assert_true (reveal (&deal, 60, &card, &error));
  first_secret = crapette_hidden_party_export_secret (deal.first);
  second_secret = crapette_hidden_party_export_secret (deal.second);
  g_assert_true (crapette_hidden_party_verify_other (deal.first, second_secret, from_first,
                                                     &error));
  g_assert_true (crapette_hidden_party_verify_other (deal.second, first_secret, from_second,
                                                     &error));
  g_assert_no_error (error);
  g_assert_cmpmem (from_first, 104 * sizeof (guint), from_second, 104 * sizeof (guint));
  g_assert_cmpuint (from_first[60], ==, card);

  /* After the secrets are shown nothing more is revealed. */
  g_assert_false (crapette_hidden_party_expect (deal.first, 61, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  deal_finish (&deal);
}

static void
test_wrong_key (void)
{
  guint8 first_key[CRAPETTE_HIDDEN_KEY_SIZE], wrong_key[CRAPETTE_HIDDEN_KEY_SIZE];
  g_autoptr(GError) error = NULL;
  guint card;
  Deal deal;

  deal_start (&deal, 52, "test wrong key");
  deal_run (&deal, NULL, NULL);
  g_assert_true (crapette_hidden_party_expect (deal.first, 5, NULL));
  g_assert_true (crapette_hidden_party_expect (deal.second, 5, NULL));

  crypto_core_ristretto255_scalar_random (wrong_key);
  g_assert_false (crapette_hidden_party_open (deal.second, 5, wrong_key, &card, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_A_CARD);
  g_clear_error (&error);

  /* Another position's key, honest as a key, opens no card here. */
  g_assert_true (crapette_hidden_party_expect (deal.first, 6, NULL));
  g_assert_true (crapette_hidden_party_release_key (deal.first, 6, wrong_key, NULL));
  g_assert_false (crapette_hidden_party_open (deal.second, 5, wrong_key, &card, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_A_CARD);
  g_clear_error (&error);

  /* The right key still works after the wrong ones. */
  g_assert_true (crapette_hidden_party_release_key (deal.first, 5, first_key, NULL));
  g_assert_true (crapette_hidden_party_open (deal.second, 5, first_key, &card, &error));
  g_assert_no_error (error);
  deal_finish (&deal);
}

/* The first's shuffled list reaches the second with one card put in the clear in place of
 * its locked one: the card opens to nothing, and the check at the end names the cheat. */
static void
substitute_card (Deal     *deal,
                 guint     list,
                 gpointer  data)
{
  if (list == 0)
    memcpy (deal->lists[0] + 3 * ELEMENT, data, ELEMENT);
}

static void
test_substituted_card (void)
{
  guint8 plain_card[ELEMENT];
  guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) first_secret = NULL;
  g_autoptr(GError) error = NULL;
  guint refused = 0;
  Deal deal;

  crapette_hidden_card_value ("test substituted card", 0, plain_card);

  deal_start (&deal, 52, "test substituted card");
  deal_run (&deal, substitute_card, plain_card);
  for (guint position = 0; position < 52; position++)
    {
      guint card;

      if (!reveal (&deal, position, &card, &error))
        {
          g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_A_CARD);
          g_clear_error (&error);
          refused++;
        }
    }
  g_assert_cmpuint (refused, ==, 1);

  first_secret = crapette_hidden_party_export_secret (deal.first);
  g_assert_false (crapette_hidden_party_verify_other (deal.second, first_secret, cards, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_CHEATED);
  deal_finish (&deal);
}

/* A first that cheats when it swaps locks: position 9 becomes position 8 under a lock r of
 * its own choosing, so that it can later "reveal" card 8's card a second time. */
typedef struct
{
  guint8 r[crypto_core_ristretto255_SCALARBYTES];
} Duplicate;

static void
duplicate_card (Deal     *deal,
                guint     list,
                gpointer  data)
{
  Duplicate *duplicate = data;

  if (list == 2)
    g_assert_cmpint (crypto_scalarmult_ristretto255 (deal->lists[2] + 9 * ELEMENT, duplicate->r,
                                                     deal->lists[2] + 8 * ELEMENT), ==, 0);
}

static void
test_duplicated_card (void)
{
  Duplicate duplicate;
  guint8 key_8[CRAPETTE_HIDDEN_KEY_SIZE], forged_key[CRAPETTE_HIDDEN_KEY_SIZE];
  guint8 r_inverse[crypto_core_ristretto255_SCALARBYTES];
  guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) first_secret = NULL;
  g_autoptr(GError) error = NULL;
  guint card;
  Deal deal;

  crypto_core_ristretto255_scalar_random (duplicate.r);
  g_assert_cmpint (crypto_core_ristretto255_scalar_invert (r_inverse, duplicate.r), ==, 0);

  deal_start (&deal, 104, "test duplicated card");
  deal_run (&deal, duplicate_card, &duplicate);
  g_assert_true (reveal (&deal, 8, &card, &error));
  g_assert_no_error (error);

  /* The forged key for position 9 is card 8's key under r. */
  g_assert_true (crapette_hidden_party_release_key (deal.first, 8, key_8, NULL));
  crypto_core_ristretto255_scalar_mul (forged_key, key_8, r_inverse);
  g_assert_true (crapette_hidden_party_expect (deal.second, 9, NULL));
  g_assert_false (crapette_hidden_party_open (deal.second, 9, forged_key, &card, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_DUPLICATE);
  g_clear_error (&error);

  first_secret = crapette_hidden_party_export_secret (deal.first);
  g_assert_false (crapette_hidden_party_verify_other (deal.second, first_secret, cards, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_CHEATED);
  deal_finish (&deal);
}

/* The first's shuffled list reaches the second with two cards swapped: still a whole deal,
 * every card once, but not the order the first committed to, and the check says so. */
static void
swap_cards (Deal     *deal,
            guint     list,
            gpointer  data)
{
  guint8 held[ELEMENT];

  if (list != GPOINTER_TO_UINT (data))
    return;
  memcpy (held, deal->lists[list], ELEMENT);
  memcpy (deal->lists[list], deal->lists[list] + ELEMENT, ELEMENT);
  memcpy (deal->lists[list] + ELEMENT, held, ELEMENT);
}

static void
test_swapped_order (void)
{
  guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GError) error = NULL;

  for (guint list = 0; list < 2; list++)
    {
      g_autoptr(GBytes) secret = NULL;
      Deal deal;

      deal_start (&deal, 52, "test swapped order");
      deal_run (&deal, swap_cards, GUINT_TO_POINTER (list));
      if (list == 0)
        {
          secret = crapette_hidden_party_export_secret (deal.first);
          g_assert_false (crapette_hidden_party_verify_other (deal.second, secret, cards,
                                                              &error));
        }
      else
        {
          secret = crapette_hidden_party_export_secret (deal.second);
          g_assert_false (crapette_hidden_party_verify_other (deal.first, secret, cards,
                                                              &error));
        }
      g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_CHEATED);
      g_clear_error (&error);
      deal_finish (&deal);
    }
}

/* A list repeating one element, or holding bytes that are no element, is refused at once. */
static void
test_malformed_list (void)
{
  guint8 deck[CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT], out[CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT];
  g_autoptr(GError) error = NULL;
  Deal deal;

  deal_start (&deal, 52, "test malformed list");
  g_assert_true (crapette_hidden_party_shuffle (deal.first, NULL, deck, NULL));

  memcpy (deck + ELEMENT, deck, ELEMENT);
  g_assert_false (crapette_hidden_party_shuffle (deal.second, deck, out, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_DUPLICATE);
  g_clear_error (&error);

  memset (deck + ELEMENT, 0xff, ELEMENT);
  g_assert_false (crapette_hidden_party_shuffle (deal.second, deck, out, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_MALFORMED);
  g_clear_error (&error);
  deal_finish (&deal);

  /* The identity is a valid point, and no card: a final deck holding it is refused. */
  deal_start (&deal, 52, "test malformed list, identity");
  g_assert_true (crapette_hidden_party_shuffle (deal.first, NULL, deal.lists[0], NULL));
  g_assert_true (crapette_hidden_party_shuffle (deal.second, deal.lists[0], deal.lists[1], NULL));
  g_assert_true (crapette_hidden_party_rekey (deal.first, deal.lists[1], deal.lists[2], NULL));
  g_assert_true (crapette_hidden_party_rekey (deal.second, deal.lists[2], deal.lists[3], NULL));
  memset (deal.lists[3] + 7 * ELEMENT, 0, ELEMENT);
  g_assert_false (crapette_hidden_party_accept_final (deal.first, deal.lists[3], &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_MALFORMED);
  deal_finish (&deal);
}

/* Secrets changed after the commitment are caught, whatever the change. */
static void
test_changed_secret (void)
{
  guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) secret = NULL;
  g_autoptr(GBytes) changed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *bytes = NULL;
  gsize size;
  Deal deal;

  deal_start (&deal, 52, "test changed secret");
  deal_run (&deal, NULL, NULL);
  secret = crapette_hidden_party_export_secret (deal.first);
  bytes = g_bytes_unref_to_data (g_bytes_ref (secret), &size);
  bytes[size - 1] ^= 1;
  changed = g_bytes_new (bytes, size);
  g_assert_false (crapette_hidden_party_verify_other (deal.second, changed, cards, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_CHEATED);
  g_clear_error (&error);

  g_clear_pointer (&changed, g_bytes_unref);
  changed = g_bytes_new (bytes, size - 1);
  g_assert_false (crapette_hidden_party_verify_other (deal.second, changed, cards, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_MALFORMED);
  deal_finish (&deal);
}

static void
test_out_of_turn (void)
{
  guint8 deck[CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT], out[CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT];
  guint8 key[CRAPETTE_HIDDEN_KEY_SIZE];
  g_autoptr(GError) error = NULL;
  guint card;
  Deal deal;

  deal_start (&deal, 52, "test out of turn");
  g_assert_false (crapette_hidden_party_expect (deal.first, 0, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  g_clear_error (&error);
  g_assert_true (crapette_hidden_party_shuffle (deal.first, NULL, deck, NULL));
  g_assert_false (crapette_hidden_party_shuffle (deal.first, NULL, out, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  g_clear_error (&error);
  g_assert_false (crapette_hidden_party_rekey (deal.second, deck, out, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  g_clear_error (&error);
  g_assert_false (crapette_hidden_party_accept_final (deal.second, deck, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  g_clear_error (&error);
  deal_finish (&deal);

  deal_start (&deal, 52, "test out of turn, dealt");
  deal_run (&deal, NULL, NULL);
  /* Asked for a key before the rules turn the card up: refused. */
  g_assert_false (crapette_hidden_party_release_key (deal.first, 4, key, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_DUE);
  g_clear_error (&error);
  /* A key for a card this side's rules have not turned up: refused, though it is right. */
  g_assert_true (crapette_hidden_party_expect (deal.first, 4, NULL));
  g_assert_true (crapette_hidden_party_release_key (deal.first, 4, key, NULL));
  g_assert_false (crapette_hidden_party_open (deal.second, 4, key, &card, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_DUE);
  g_clear_error (&error);
  g_assert_false (crapette_hidden_party_expect (deal.second, 52, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_NOT_DUE);
  g_clear_error (&error);
  /* Once due it opens, and only once. */
  g_assert_true (crapette_hidden_party_expect (deal.second, 4, NULL));
  g_assert_true (crapette_hidden_party_open (deal.second, 4, key, &card, &error));
  g_assert_false (crapette_hidden_party_open (deal.second, 4, key, &card, &error));
  g_assert_error (error, CRAPETTE_HIDDEN_ERROR, CRAPETTE_HIDDEN_ERROR_ORDER);
  deal_finish (&deal);
}

/* The most either side can compute alone for a face-down position: the final element with
 * its own lock taken off. Neither that nor anything in the public lists is a card. */
static void
test_face_down_unreadable (void)
{
  guint8 card_values[CRAPETTE_HIDDEN_MAX_CARDS][ELEMENT];
  const char *label = "test face down unreadable";
  Deal deal;

  for (guint card = 0; card < 104; card++)
    crapette_hidden_card_value (label, card, card_values[card]);

  deal_start (&deal, 104, label);
  deal_run (&deal, NULL, NULL);
  for (guint position = 0; position < 104; position++)
    {
      CrapetteHiddenParty *parties[2] = { deal.first, deal.second };
      guint8 alone[2][ELEMENT];

      for (guint side = 0; side < 2; side++)
        {
          guint8 own_key[CRAPETTE_HIDDEN_KEY_SIZE];

          g_assert_true (crapette_hidden_party_expect (parties[side], position, NULL));
          g_assert_true (crapette_hidden_party_release_key (parties[side], position, own_key,
                                                            NULL));
          g_assert_cmpint (crypto_scalarmult_ristretto255 (alone[side], own_key,
                                                           deal.lists[3] + position * ELEMENT),
                           ==, 0);
        }
      for (guint card = 0; card < 104; card++)
        {
          for (guint list = 0; list < 4; list++)
            g_assert_true (memcmp (deal.lists[list] + position * ELEMENT, card_values[card],
                                   ELEMENT) != 0);
          g_assert_true (memcmp (alone[0], card_values[card], ELEMENT) != 0);
          g_assert_true (memcmp (alone[1], card_values[card], ELEMENT) != 0);
        }
    }
  deal_finish (&deal);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_true (crapette_hidden_init ());

  g_test_add_data_func ("/hidden-deck/every-card-once/american", GUINT_TO_POINTER (52),
                        test_every_card_once);
  g_test_add_data_func ("/hidden-deck/every-card-once/russian", GUINT_TO_POINTER (104),
                        test_every_card_once);
  g_test_add_func ("/hidden-deck/verify-unrevealed", test_verify_unrevealed);
  g_test_add_func ("/hidden-deck/wrong-key", test_wrong_key);
  g_test_add_func ("/hidden-deck/substituted-card", test_substituted_card);
  g_test_add_func ("/hidden-deck/duplicated-card", test_duplicated_card);
  g_test_add_func ("/hidden-deck/swapped-order", test_swapped_order);
  g_test_add_func ("/hidden-deck/malformed-list", test_malformed_list);
  g_test_add_func ("/hidden-deck/changed-secret", test_changed_secret);
  g_test_add_func ("/hidden-deck/out-of-turn", test_out_of_turn);
  g_test_add_func ("/hidden-deck/face-down-unreadable", test_face_down_unreadable);
  return g_test_run ();
}

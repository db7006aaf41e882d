/* test-hidden-play.c: whole rounds played on the hidden deal, each player's table told a card
 * only when both release its key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two CrapetteHiddenParty deal in one process, and each player keeps its own round dealt
 * hidden (crapette_round_new_hidden_deal()). Whenever the rules turn a card up, both mark
 * its position due, both release their key, each opens it and shows it at its own table.
 * At every step neither table holds a face-down card nobody has seen, and both are the same.
 * At the end each checks the other's secrets; the whole deal they read, laid out open, replays
 * the round's record move for move to the same result. Not yet over the wire: the protocol
 * messages that carry these steps are still to be written (docs/network.md).
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-hidden-deck.h"
#include "crapette-position.h"
#include "crapette-round.h"
#include "crapette-rules.h"
#include "../hidden-walk.h"

#define ELEMENT CRAPETTE_HIDDEN_ELEMENT_SIZE

typedef struct
{
  CrapetteHiddenParty *party;
  CrapetteRound *round;
} Player;

static void
deal (Player     *first,
      Player     *second,
      const char *label,
      guint       n_cards)
{
  guint8 lists[4][CRAPETTE_HIDDEN_MAX_CARDS * ELEMENT];
  g_autoptr(GError) error = NULL;

  first->party = crapette_hidden_party_new (label, n_cards, CRAPETTE_CARDS_PER_PACK,
                                            CRAPETTE_HIDDEN_FIRST);
  second->party = crapette_hidden_party_new (label, n_cards, CRAPETTE_CARDS_PER_PACK,
                                             CRAPETTE_HIDDEN_SECOND);
  crapette_hidden_party_set_other_commitment (first->party,
                                              crapette_hidden_party_get_commitment (second->party));
  crapette_hidden_party_set_other_commitment (second->party,
                                              crapette_hidden_party_get_commitment (first->party));
  g_assert_true (crapette_hidden_party_shuffle (first->party, NULL, lists[0], &error));
  g_assert_true (crapette_hidden_party_shuffle (second->party, lists[0], lists[1], &error));
  g_assert_true (crapette_hidden_party_rekey (first->party, lists[1], lists[2], &error));
  g_assert_true (crapette_hidden_party_rekey (second->party, lists[2], lists[3], &error));
  g_assert_true (crapette_hidden_party_accept_final (first->party, lists[3], &error));
  g_assert_no_error (error);
}

/* Every card due at both tables, shown at each from what its own party opened. */
static guint
show_due (Player *a,
          Player *b)
{
  CrapetteCard due_a[CRAPETTE_MAX_CARDS], due_b[CRAPETTE_MAX_CARDS];
  gsize n = crapette_round_find_unshown (a->round, due_a);

  g_assert_cmpuint (crapette_round_find_unshown (b->round, due_b), ==, n);
  g_assert_cmpmem (due_a, n, due_b, n);
  for (gsize i = 0; i < n; i++)
    {
      guint position = crapette_card_hidden_index (due_a[i]);
      guint8 key_a[CRAPETTE_HIDDEN_KEY_SIZE], key_b[CRAPETTE_HIDDEN_KEY_SIZE];
      guint card_a, card_b;
      g_autoptr(GError) error = NULL;

      g_assert_true (crapette_hidden_party_expect (a->party, position, &error));
      g_assert_true (crapette_hidden_party_expect (b->party, position, &error));
      g_assert_true (crapette_hidden_party_release_key (a->party, position, key_a, &error));
      g_assert_true (crapette_hidden_party_release_key (b->party, position, key_b, &error));
      g_assert_true (crapette_hidden_party_open (a->party, position, key_b, &card_a, &error));
      g_assert_true (crapette_hidden_party_open (b->party, position, key_a, &card_b, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (card_a, ==, card_b);
      g_assert_true (crapette_round_reveal_card (a->round, due_a[i], (CrapetteCard) card_a, &error));
      g_assert_true (crapette_round_reveal_card (b->round, due_a[i], (CrapetteCard) card_b, &error));
      g_assert_no_error (error);
    }
  return (guint) n;
}

/* The two players' tables of one round. */
typedef struct
{
  Player *a;
  Player *b;
} Table;

static guint
table_show_due (gpointer data)
{
  Table *table = data;

  return show_due (table->a, table->b);
}

static const CrapettePosition *
table_check (gpointer data)
{
  Table *table = data;
  const CrapettePosition *position = crapette_round_get_position (table->a->round);

  hidden_walk_assert_nothing_unseen_held (position);
  hidden_walk_assert_nothing_unseen_held (crapette_round_get_position (table->b->round));
  g_assert_true (crapette_position_equal (position, crapette_round_get_position (table->b->round)));
  return position;
}

static void
table_play (gpointer            data,
            const CrapetteMove *move)
{
  Table *table = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_round_play (table->a->round, move, &error));
  g_assert_true (crapette_round_play (table->b->round, move, &error));
  g_assert_no_error (error);
}

static const HiddenWalk table_walk = { table_show_due, table_check, NULL, table_play };

static guint
play_round (CrapetteVariant variant,
            guint64         deal_number,
            GRand          *rand)
{
  CrapetteRules rules;
  Player a = { 0 }, b = { 0 };
  g_autofree char *label = g_strdup_printf ("test hidden play %u %lu", variant, (gulong) deal_number);
  guint n_cards = variant == CRAPETTE_VARIANT_RUSSIAN ? 104 : 52;
  guint from_a[CRAPETTE_HIDDEN_MAX_CARDS], from_b[CRAPETTE_HIDDEN_MAX_CARDS];
  g_autoptr(GBytes) secret_a = NULL;
  g_autoptr(GBytes) secret_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) open = NULL;
  CrapettePosition start;
  guint shown;

  crapette_rules_init_default (&rules);
  deal (&a, &b, label, n_cards);
  a.round = crapette_round_new_hidden_deal (variant, &rules, deal_number, 0);
  b.round = crapette_round_new_hidden_deal (variant, &rules, deal_number, 0);

  {
    Table table = { &a, &b };

    shown = hidden_walk_run (&table_walk, &table, 3000, rand);
  }
  g_assert_cmpuint (shown, >=, 4);

  /* The end of the round: each shows its secrets and checks the other's. */
  secret_a = crapette_hidden_party_export_secret (a.party);
  secret_b = crapette_hidden_party_export_secret (b.party);
  g_assert_true (crapette_hidden_party_verify_other (a.party, secret_b, from_a, &error));
  g_assert_true (crapette_hidden_party_verify_other (b.party, secret_a, from_b, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (from_a, sizeof (guint) * n_cards, from_b, sizeof (guint) * n_cards);

  /* The whole deal read at the end agrees with every card shown in play (the table refuses
   * it otherwise) and makes the round a plain one; laid out open, it replays the record to
   * the same table. */
  {
    CrapetteCard deck[CRAPETTE_MAX_CARDS];

    for (guint i = 0; i < n_cards; i++)
      deck[i] = (CrapetteCard) from_a[i];
    g_assert_true (crapette_round_show_deal (a.round, deck, &error));
    g_assert_no_error (error);
  }
  start = *crapette_round_get_start (a.round);
  g_assert_true (crapette_position_check_invariants (&start, &error));
  g_assert_no_error (error);
  open = crapette_round_new_from_position (&start, FALSE);
  for (guint i = 0; i < crapette_round_get_n_moves (a.round); i++)
    {
      /* Each move as recorded, the card turned named: the open deal must agree. */
      g_assert_true (crapette_round_play (open, crapette_round_get_move (a.round, i), &error));
      g_assert_no_error (error);
    }
  g_assert_true (crapette_position_equal (crapette_round_get_position (a.round),
                                          crapette_round_get_position (open)));

  crapette_round_free (a.round);
  crapette_round_free (b.round);
  crapette_hidden_party_free (a.party);
  crapette_hidden_party_free (b.party);
  return shown;
}

static void
test_whole_rounds (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3030 + variant);

  guint shown = 0;

  for (guint i = 0; i < 4; i++)
    shown += play_round (variant, 1 + g_rand_int_range (rand, 0, 999999), rand);
  /* Deep enough into the stocks to show many cards. */
  g_test_message ("%u cards shown in 4 rounds", shown);
  g_assert_cmpuint (shown, >, 60);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!crapette_hidden_init ())
    {
      g_test_skip ("libsodium cannot be used");
      return g_test_run ();
    }
  g_test_add_data_func ("/hidden-play/whole-rounds/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_whole_rounds);
  g_test_add_data_func ("/hidden-play/whole-rounds/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_whole_rounds);
  return g_test_run ();
}

/* bench-hidden-deal.c: what the hidden deal costs, in CPU time and in bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage (through bench/hidden-deal.sh): bench-hidden-deal [ROUNDS]
 *
 * Both parties live in this one process, so every figure is one side's own CPU time
 * (CLOCK_PROCESS_CPUTIME_ID), without the network's round trips. For each game: each of
 * the four steps of the deal, the whole deal (both sides' work added), one reveal (one side
 * releasing its key plus the other opening the card), and the check at the end of the round
 * on one side, and the table's share of one reveal (the engine finding the card due and
 * showing it, crapette_round_reveal_card(), in a round played on the deal). Bytes: the four lists and what one message of a list weighs in base64, the
 * commitments, and the secrets shown at the end.
 */

#define G_LOG_DOMAIN "crapette-bench"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "bench-stats.h"
#include "crapette-card.h"
#include "crapette-hidden-deck.h"
#include "crapette-round.h"
#include "crapette-rules.h"

#define DEFAULT_ROUNDS 20

enum { SHUFFLE_FIRST, SHUFFLE_SECOND, REKEY_FIRST, REKEY_SECOND, DEAL, REVEAL, VERIFY, TABLE,
       N_FIGURES };

static const char *figure_names[N_FIGURES] = {
  "shuffle and lock, first", "shuffle and lock, second", "one key per card, first",
  "one key per card, second", "whole deal, both sides", "one reveal", "end-of-round check",
  "the table's share of one reveal",
};

/* A round played on the deal @cards (one card per position), each card shown at the table
 * when it comes up: what the engine adds to a reveal, timed card by card. */
static void
bench_table (CrapetteVariant  variant,
             guint64          deal_number,
             const guint     *cards,
             GArray          *figure)
{
  CrapetteRules rules;
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) deal_number);

  crapette_rules_init_default (&rules);
  round = crapette_round_new_hidden_deal (variant, &rules, deal_number, 0);
  for (guint step = 0; step < 2000; step++)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves;
      gsize chosen;

      for (;;)
        {
          CrapetteCard due[CRAPETTE_MAX_CARDS];
          double start = bench_process_cpu_ms ();

          if (crapette_round_find_unshown (round, due) == 0)
            break;
          if (!crapette_round_reveal_card (round, due[0],
                                           (CrapetteCard) cards[crapette_card_hidden_index (due[0])],
                                           NULL))
            g_error ("the table refused a card");
          g_array_append_vals (figure, (double[]) { bench_process_cpu_ms () - start }, 1);
        }
      n_moves = crapette_position_legal_moves (crapette_round_get_position (round), moves);
      if (n_moves == 0)
        break;
      /* Lean to turning and to the foundations, so the round goes deep into the stock. */
      chosen = g_rand_int_range (rand, 0, (gint32) n_moves);
      for (gsize i = 0; i < n_moves && g_rand_int_range (rand, 0, 4) != 0; i++)
        {
          const CrapetteMove *move = &moves[(chosen + i) % n_moves];

          if (move->kind == CRAPETTE_MOVE_TURN ||
              (move->kind == CRAPETTE_MOVE_CARD &&
               crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_FOUNDATION))
            {
              chosen = (chosen + i) % n_moves;
              break;
            }
        }
      if (!crapette_round_play (round, &moves[chosen], NULL))
        g_error ("a legal move was refused");
    }
}

static void
bench_game (const char *game,
            guint       n_cards,
            guint       rounds)
{
  GArray *figures[N_FIGURES];
  gsize deck_size = 0, base64_size = 0, secret_size = 0;

  for (guint f = 0; f < N_FIGURES; f++)
    figures[f] = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint round = 0; round < rounds; round++)
    {
      g_autofree char *label = g_strdup_printf ("bench %s %u", game, round);
      g_autoptr(CrapetteHiddenParty) first = crapette_hidden_party_new (label, n_cards, 52,
                                                                       CRAPETTE_HIDDEN_FIRST);
      g_autoptr(CrapetteHiddenParty) second = crapette_hidden_party_new (label, n_cards, 52,
                                                                        CRAPETTE_HIDDEN_SECOND);
      g_autoptr(GBytes) secret = NULL;
      g_autofree char *encoded = NULL;
      guint8 lists[4][CRAPETTE_HIDDEN_MAX_CARDS * CRAPETTE_HIDDEN_ELEMENT_SIZE];
      guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
      double start, step[4];
      gboolean ok;

      crapette_hidden_party_set_other_commitment (first,
                                                  crapette_hidden_party_get_commitment (second));
      crapette_hidden_party_set_other_commitment (second,
                                                  crapette_hidden_party_get_commitment (first));
      start = bench_process_cpu_ms ();
      ok = crapette_hidden_party_shuffle (first, NULL, lists[0], NULL);
      step[0] = bench_process_cpu_ms ();
      ok = ok && crapette_hidden_party_shuffle (second, lists[0], lists[1], NULL);
      step[1] = bench_process_cpu_ms ();
      ok = ok && crapette_hidden_party_rekey (first, lists[1], lists[2], NULL);
      step[2] = bench_process_cpu_ms ();
      ok = ok && crapette_hidden_party_rekey (second, lists[2], lists[3], NULL);
      step[3] = bench_process_cpu_ms ();
      ok = ok && crapette_hidden_party_accept_final (first, lists[3], NULL);
      if (!ok)
        g_error ("the deal failed");
      g_array_append_vals (figures[SHUFFLE_FIRST], (double[]) { step[0] - start }, 1);
      g_array_append_vals (figures[SHUFFLE_SECOND], (double[]) { step[1] - step[0] }, 1);
      g_array_append_vals (figures[REKEY_FIRST], (double[]) { step[2] - step[1] }, 1);
      g_array_append_vals (figures[REKEY_SECOND], (double[]) { step[3] - step[2] }, 1);
      g_array_append_vals (figures[DEAL], (double[]) { bench_process_cpu_ms () - start }, 1);

      /* Every card turned up once, as a whole round might, timed one by one. */
      for (guint position = 0; position < n_cards; position++)
        {
          guint8 key[CRAPETTE_HIDDEN_KEY_SIZE];
          guint card;

          crapette_hidden_party_expect (first, position, NULL);
          crapette_hidden_party_expect (second, position, NULL);
          start = bench_process_cpu_ms ();
          ok = crapette_hidden_party_release_key (first, position, key, NULL)
               && crapette_hidden_party_open (second, position, key, &card, NULL);
          g_array_append_vals (figures[REVEAL], (double[]) { bench_process_cpu_ms () - start }, 1);
          if (!ok)
            g_error ("a reveal failed");
        }

      secret = crapette_hidden_party_export_secret (first);
      start = bench_process_cpu_ms ();
      if (!crapette_hidden_party_verify_other (second, secret, cards, NULL))
        g_error ("the check failed");
      g_array_append_vals (figures[VERIFY], (double[]) { bench_process_cpu_ms () - start }, 1);
      bench_table (n_cards > 52 ? CRAPETTE_VARIANT_RUSSIAN : CRAPETTE_VARIANT_AMERICAN,
                   1 + round, cards, figures[TABLE]);

      deck_size = crapette_hidden_party_get_deck_size (first);
      encoded = g_base64_encode (lists[0], deck_size);
      base64_size = strlen (encoded);
      secret_size = g_bytes_get_size (secret);
    }

  for (guint f = 0; f < N_FIGURES; f++)
    {
      g_print ("%s %s: median %.3f ms, max %.3f ms\n", game, figure_names[f],
               bench_median (figures[f]), bench_max (figures[f]));
      g_array_unref (figures[f]);
    }
  g_print ("%s bytes: one list %" G_GSIZE_FORMAT " B (%" G_GSIZE_FORMAT " B base64), "
           "four lists %" G_GSIZE_FORMAT " B (%" G_GSIZE_FORMAT " B base64), "
           "commitment %d B, one key %d B, secrets at the end %" G_GSIZE_FORMAT " B per side\n",
           game, deck_size, base64_size, 4 * deck_size, 4 * base64_size,
           CRAPETTE_HIDDEN_COMMITMENT_SIZE, CRAPETTE_HIDDEN_KEY_SIZE, secret_size);
}

int
main (int   argc,
      char *argv[])
{
  guint rounds = argc > 1 ? (guint) atoi (argv[1]) : DEFAULT_ROUNDS;

  if (rounds == 0 || !crapette_hidden_init ())
    {
      g_printerr ("usage: bench-hidden-deal [ROUNDS]\n");
      return 2;
    }
  bench_game ("russian", 104, rounds);
  bench_game ("american", 52, rounds);
  return 0;
}

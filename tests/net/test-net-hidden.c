/* test-net-hidden.c: two peers in one process deal hidden over a loopback pair
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both ends offer the hidden deal: whole rounds of each game are played by computer players,
 * each table told a card only when both programs sent their key for it. At every step
 * neither table holds a face-down card's value, both agree once both have shown what is up,
 * both saw the same cards in the same order, and at the end of each round both check the
 * whole deal, which makes the record a plain one that replays to the same table. An end that
 * does not offer it gets the seed deal, and both know. A guest on a slow line, whose keys
 * come long after the old wall-time limit, is not accused. Then a filter on the guest's line
 * cheats (a substituted or duplicated card, a wrong key, a card asked out of turn, a key or
 * the secrets never sent though their ask was acknowledged, a key never sent by a program
 * that acknowledges nothing): the host ends the match as the guest's fault and keeps the
 * evidence.
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-hidden-deck.h"
#include "crapette-match.h"
#include "crapette-net-peer.h"
#include "crapette-player.h"
#include "crapette-round.h"
#include "net-test-loopback.h"
#include "../hidden-walk.h"

#define TIME_LIMIT_US (90 * G_USEC_PER_SEC)

static const guint8 test_key[CRAPETTE_NET_KEY_SIZE] = "a key only the two players know";

typedef struct
{
  CrapetteSession *session[2];    /* 0: the host (South), 1: the guest (North) */
  NetTestLoopback *link[2];
  CrapetteNetPeer *peer[2];
  CrapettePlayer *player[2];
  GArray *revealed[2];            /* CrapetteCard, each card as its table was shown it */
  gboolean shown[2][CRAPETTE_MAX_CARDS];  /* the cards shown at each table this round */
  guint target_rounds;
  gint64 slow_until_us;           /* the guest's line is slow until then (test_slow_line) */
  guint revealed_slow;            /* the cards the host was shown while it was */
} Pair;

typedef struct
{
  Pair *pair;
  guint side;
} Side;

static Side sides[2];

static void
on_card_revealed_cb (CrapetteGame *game,
                     guint         pile,
                     guint         card,
                     Side         *side)
{
  CrapetteCard value = (CrapetteCard) card;

  g_array_append_val (side->pair->revealed[side->side], value);
  side->pair->shown[side->side][card] = TRUE;
}

static void
on_round_started_cb (CrapetteGame *game,
                     Side         *side)
{
  memset (side->pair->shown[side->side], 0, sizeof side->pair->shown[side->side]);
}

static void
pair_init (Pair            *pair,
           CrapetteVariant  variant,
           gboolean         guest_offers)
{
  CrapetteRules rules;

  memset (pair, 0, sizeof *pair);
  net_test_loopback_new_pair (&pair->link[0], &pair->link[1]);
  for (guint i = 0; i < 2; i++)
    {
      pair->session[i] = crapette_session_new (NULL);
      pair->peer[i] = crapette_net_peer_new (pair->session[i], CRAPETTE_TRANSPORT (pair->link[i]),
                                             i == 0 ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST,
                                             test_key, i == 0 ? "Anne" : "Boris");
      crapette_net_peer_set_hidden_offered (pair->peer[i], i == 0 || guest_offers);
      pair->player[i] = crapette_player_new ("easy", 11 + i, NULL);
      pair->revealed[i] = g_array_new (FALSE, FALSE, sizeof (CrapetteCard));
      sides[i].pair = pair;
      sides[i].side = i;
      g_signal_connect (crapette_session_get_game (pair->session[i]), "card-revealed",
                        G_CALLBACK (on_card_revealed_cb), &sides[i]);
      g_signal_connect (crapette_session_get_game (pair->session[i]), "round-started",
                        G_CALLBACK (on_round_started_cb), &sides[i]);
    }
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (pair->peer[0], variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
}

static void
pair_clear (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&pair->peer[i]);
      g_clear_object (&pair->session[i]);
      g_clear_object (&pair->player[i]);
      g_clear_object (&pair->link[i]);
      g_clear_pointer (&pair->revealed[i], g_array_unref);
    }
}

static const CrapetteRound *
table_round (Pair *pair,
             guint i)
{
  return crapette_game_get_round (crapette_session_get_game (pair->session[i]));
}

static gboolean
both_playing (gpointer data)
{
  Pair *pair = data;

  return crapette_net_peer_get_state (pair->peer[0]) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (pair->peer[1]) == CRAPETTE_NET_PEER_PLAYING;
}

/* Plays one move, or deals the next round, for side @i if it may; a table with a card
 * turned up and not shown yet waits for the keys. */
static void
drive_side (Pair *pair,
            guint i)
{
  CrapetteSession *session = pair->session[i];
  CrapetteMatch *match = crapette_session_get_match (session);
  CrapettePosition view;
  CrapetteMove move;
  g_autoptr(GError) error = NULL;

  if (crapette_net_peer_get_state (pair->peer[i]) != CRAPETTE_NET_PEER_PLAYING || match == NULL)
    return;
  if (!crapette_match_is_round_in_play (match))
    {
      if (!crapette_match_is_finished (match) &&
          crapette_match_get_n_finished_rounds (match) < pair->target_rounds)
        crapette_session_next_round (session);
      return;
    }
  if (crapette_session_is_remote_to_move (session) ||
      crapette_round_find_unshown (table_round (pair, i), NULL) > 0)
    return;
  crapette_view_init_known (&view, crapette_round_get_position (table_round (pair, i)));
  crapette_player_choose (pair->player[i], &view, &move);
  g_assert_true (crapette_session_play (session,
                                        crapette_game_get_current_player (crapette_session_get_game (session)),
                                        &move, &error));
  g_assert_no_error (error);
}

/* Neither table holds a face-down card's value; both the same when both are at one move
 * with everything turned up shown. */
static void
check_tables (Pair *pair)
{
  const CrapetteRound *a = table_round (pair, 0), *b = table_round (pair, 1);
  CrapetteMatch *match_a = crapette_session_get_match (pair->session[0]);
  CrapetteMatch *match_b = crapette_session_get_match (pair->session[1]);

  if (!crapette_net_peer_get_deal_hidden (pair->peer[0]))
    return;
  for (guint i = 0; i < 2; i++)
    {
      CrapetteMatch *match = crapette_session_get_match (pair->session[i]);

      /* A round over may be shown whole once both checked the deal. */
      if (match != NULL && crapette_match_is_round_in_play (match))
        {
          const CrapettePosition *position = crapette_round_get_position (table_round (pair, i));
          CrapetteView *view = crapette_game_get_view (crapette_session_get_game (pair->session[i]));

          hidden_walk_assert_nothing_unseen_held (position);
          /* The fairness of it: no card's value is anywhere in this program's table, round
           * or view unless both keys showed it here, and every card face down is unknown. */
          for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
            for (guint depth = 0; depth < position->piles[pile].count; depth++)
              {
                CrapetteCard card = position->piles[pile].cards[depth];

                if (crapette_card_is_real (card))
                  g_assert_true (pair->shown[i][card]);
                if (depth < crapette_position_unknown_count (position, pile))
                  g_assert_false (crapette_card_is_real (crapette_view_get_card (view, pile, depth)));
              }
        }
    }
  if (match_a != NULL && match_b != NULL &&
      crapette_match_is_round_in_play (match_a) && crapette_match_is_round_in_play (match_b) &&
      crapette_match_get_round_number (match_a) == crapette_match_get_round_number (match_b) &&
      crapette_round_get_n_moves (a) == crapette_round_get_n_moves (b) &&
      crapette_round_find_unshown (a, NULL) == 0 && crapette_round_find_unshown (b, NULL) == 0)
    g_assert_true (crapette_position_equal (crapette_round_get_position (a),
                                            crapette_round_get_position (b)));
}

/* Every finished round of side @i's match is a plain round (its deal checked and shown). */
static gboolean
deals_shown (Pair *pair,
             guint i)
{
  CrapetteMatch *match = crapette_session_get_match (pair->session[i]);
  guint n = crapette_match_get_n_finished_rounds (match);

  for (guint r = 0; r < n; r++)
    {
      const CrapettePosition *start = crapette_round_get_start (crapette_match_get_finished_round (match, r));

      if (!crapette_position_check_invariants (start, NULL))
        return FALSE;
    }
  return TRUE;
}

static gboolean
side_done (Pair *pair,
           guint i)
{
  CrapetteMatch *match = crapette_session_get_match (pair->session[i]);

  return match != NULL && !crapette_match_is_round_in_play (match) &&
         (crapette_match_is_finished (match) ||
          crapette_match_get_n_finished_rounds (match) >= pair->target_rounds) &&
         deals_shown (pair, i);
}

static void
play_until_done (Pair *pair)
{
  gint64 start = g_get_monotonic_time ();

  while (!(side_done (pair, 0) && side_done (pair, 1)))
    {
      if (pair->slow_until_us != 0 && g_get_monotonic_time () >= pair->slow_until_us)
        {
          net_test_loopback_set_delay (pair->link[1], 0);
          pair->slow_until_us = 0;
          pair->revealed_slow = pair->revealed[0]->len;
        }
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      g_assert_cmpint (crapette_net_peer_get_state (pair->peer[0]), !=, CRAPETTE_NET_PEER_FAILED);
      g_assert_cmpint (crapette_net_peer_get_state (pair->peer[1]), !=, CRAPETTE_NET_PEER_FAILED);
      drive_side (pair, 0);
      drive_side (pair, 1);
      while (g_main_context_iteration (NULL, FALSE))
        check_tables (pair);
      check_tables (pair);
      g_usleep (100);
    }
}

/* Each finished round, laid out from its start as the record writes it, replays its moves
 * to the same end; and every card either table was shown is where the record has it. */
static void
assert_records (Pair *pair)
{
  CrapetteMatch *match = crapette_session_get_match (pair->session[0]);
  g_autofree char *host = crapette_match_to_record (match);
  g_autofree char *guest = crapette_match_to_record (crapette_session_get_match (pair->session[1]));
  gboolean in_record[CRAPETTE_MAX_CARDS] = { FALSE };

  g_assert_cmpstr (host, ==, guest);
  /* Every round's deal is shown, so the record reads back as it was written. */
  {
    g_autoptr(CrapetteGame) game = crapette_game_new ();
    g_autoptr(GError) error = NULL;
    g_autoptr(CrapetteMatch) again = crapette_match_new_from_record (game, host, -1, &error);
    g_autofree char *written = NULL;

    g_assert_no_error (error);
    written = crapette_match_to_record (again);
    g_assert_cmpstr (written, ==, host);
  }
  for (guint r = 0; r < crapette_match_get_n_finished_rounds (match); r++)
    {
      const CrapetteRound *round = crapette_match_get_finished_round (match, r);
      g_autoptr(GError) error = NULL;
      CrapetteRound *open = crapette_round_new_from_position (crapette_round_get_start (round), FALSE);

      for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
        {
          g_assert_true (crapette_round_play (open, crapette_round_get_move (round, i), &error));
          g_assert_no_error (error);
        }
      g_assert_true (crapette_position_equal (crapette_round_get_position (round),
                                              crapette_round_get_position (open)));
      crapette_round_free (open);
    }
  /* Both tables were shown the same cards in the same order. */
  g_assert_cmpuint (pair->revealed[0]->len, ==, pair->revealed[1]->len);
  g_assert_cmpmem (pair->revealed[0]->data, pair->revealed[0]->len * sizeof (CrapetteCard),
                   pair->revealed[1]->data, pair->revealed[1]->len * sizeof (CrapetteCard));
  /* The first cards shown are those the record deals face up in round 1. */
  {
    const CrapettePosition *start = crapette_round_get_start (crapette_match_get_finished_round (match, 0));
    guint n_up = 0;

    for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
      for (guint depth = crapette_position_unknown_count (start, pile);
           depth < start->piles[pile].count; depth++)
        {
          in_record[start->piles[pile].cards[depth]] = TRUE;
          n_up++;
        }
    g_assert_cmpuint (n_up, >, 0);
    g_assert_cmpuint (pair->revealed[0]->len, >=, n_up);
    for (guint i = 0; i < n_up; i++)
      g_assert_true (in_record[g_array_index (pair->revealed[0], CrapetteCard, i)]);
  }
}

static void
play_whole_rounds (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  Pair pair;

  pair_init (&pair, variant, TRUE);
  pair.target_rounds = 2;
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
  g_assert_true (crapette_net_peer_get_deal_hidden (pair.peer[0]));
  g_assert_true (crapette_net_peer_get_deal_hidden (pair.peer[1]));
  play_until_done (&pair);
  assert_records (&pair);
  g_test_message ("%u cards shown at each table, %u moves, %u lines sent", pair.revealed[0]->len,
                  crapette_match_count_moves (crapette_session_get_match (pair.session[0])),
                  net_test_loopback_get_sent (pair.link[0])->len);
  /* At least the cards each round deals face up (assert_records() checks them). */
  g_assert_cmpuint (pair.revealed[0]->len, >=, 2 * 4);
  g_assert_cmpuint (crapette_match_count_moves (crapette_session_get_match (pair.session[0])), >, 0);
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[0]));
  pair_clear (&pair);
}

/* For the first 20 s the guest's lines reach the host 2 s late, twice the host's limit: an
 * honest guest's key for a card the host's move turned up comes long after it was asked,
 * but always before the ping that says the ask was heard, and its pings, 5 a second, keep
 * saying more, so no one is accused. (A wall-time limit on the key, as before, refused it.)
 * Then the line is quick again and the round is played out: a slow round would take
 * minutes. */
static void
test_slow_line (void)
{
  Pair pair;

  pair_init (&pair, CRAPETTE_VARIANT_RUSSIAN, TRUE);
  pair.target_rounds = 1;
  for (guint i = 0; i < 2; i++)
    crapette_net_peer_set_timing (pair.peer[i], 600, 60000);
  crapette_net_peer_set_reveal_limit (pair.peer[0], 1000);
  net_test_loopback_set_delay (pair.link[1], 2000);
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
  pair.slow_until_us = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  play_until_done (&pair);
  if (pair.slow_until_us != 0)
    pair.revealed_slow = pair.revealed[0]->len;
  assert_records (&pair);
  g_test_message ("%u cards shown at the host on the slow line, %u in all",
                  pair.revealed_slow, pair.revealed[0]->len);
  /* More than the cards the deal lays face up, whose keys come with the last list. */
  g_assert_cmpuint (pair.revealed_slow, >, 4);
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[0]));
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[1]));
  pair_clear (&pair);
}

/* A cut loses lines (keys among them): both resynchronise, the lost lines go again, and the
 * round is played out hidden with identical records. */
static void
test_cut_and_resync (void)
{
  Pair pair;
  guint moves_before;

  pair_init (&pair, CRAPETTE_VARIANT_RUSSIAN, TRUE);
  pair.target_rounds = 1;
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
  for (guint i = 0; i < 40; i++)
    {
      drive_side (&pair, 0);
      drive_side (&pair, 1);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (100);
    }
  g_assert_cmpuint (crapette_match_count_moves (crapette_session_get_match (pair.session[0])), >, 0);
  net_test_loopback_set_cut (pair.link[0], TRUE);
  moves_before = crapette_match_count_moves (crapette_session_get_match (pair.session[0])) +
                 crapette_match_count_moves (crapette_session_get_match (pair.session[1]));
  /* A move or two, with the key each turned card asks for, into the cut. */
  for (guint i = 0; i < 3; i++)
    {
      drive_side (&pair, 0);
      drive_side (&pair, 1);
    }
  /* Played at one table, not yet at the other: its line (and a key) wait out the cut. */
  g_assert_cmpuint (crapette_match_count_moves (crapette_session_get_match (pair.session[0])) +
                    crapette_match_count_moves (crapette_session_get_match (pair.session[1])), >,
                    moves_before);
  net_test_loopback_set_cut (pair.link[0], FALSE);
  play_until_done (&pair);
  assert_records (&pair);
  pair_clear (&pair);
}

static gboolean
new_match_dealt_hidden (gpointer data)
{
  Pair *pair = data;

  for (guint i = 0; i < 2; i++)
    {
      CrapetteMatch *match = crapette_session_get_match (pair->session[i]);

      if (match == NULL || crapette_match_get_n_finished_rounds (match) != 0 ||
          !crapette_match_is_round_in_play (match) ||
          crapette_round_find_unshown (table_round (pair, i), NULL) != 0)
        return FALSE;
    }
  return TRUE;
}

/* A match of one American Bank round won, played out hidden, then a rematch: dealt hidden again
 * from its own seed and played out with identical records. */
static void
test_rematch (void)
{
  Pair pair;
  CrapetteRules rules;
  guint64 first_seed;

  pair_init (&pair, CRAPETTE_VARIANT_AMERICAN, TRUE);
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (pair.peer[0], CRAPETTE_VARIANT_AMERICAN, &rules, 1);
  /* Until the match is won: a round between two Easy players may end drawn or blocked, and
   * then another is dealt (the match's seeds are new each run). */
  pair.target_rounds = 50;
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
  play_until_done (&pair);
  g_assert_true (crapette_match_is_finished (crapette_session_get_match (pair.session[0])));
  first_seed = crapette_match_get_seed (crapette_session_get_match (pair.session[0]));

  g_assert_true (crapette_net_peer_offer_rematch (pair.peer[0]));
  g_assert_true (net_test_run_until ((gboolean (*) (gpointer)) crapette_net_peer_can_offer_rematch,
                                     pair.peer[1], TIME_LIMIT_US));
  g_array_set_size (pair.revealed[0], 0);
  g_array_set_size (pair.revealed[1], 0);
  g_assert_true (crapette_net_peer_offer_rematch (pair.peer[1]));
  g_assert_true (net_test_run_until (new_match_dealt_hidden, &pair, TIME_LIMIT_US));
  g_assert_cmpuint (crapette_match_get_seed (crapette_session_get_match (pair.session[0])), !=,
                    first_seed);
  g_assert_true (crapette_net_peer_get_deal_hidden (pair.peer[1]));
  play_until_done (&pair);
  assert_records (&pair);
  pair_clear (&pair);
}

/* A guest that does not offer it (an older program): the seed deal, and both know it. */
static void
test_seed_fallback (void)
{
  Pair pair;
  g_autofree char *host = NULL;
  g_autofree char *guest = NULL;

  pair_init (&pair, CRAPETTE_VARIANT_RUSSIAN, FALSE);
  pair.target_rounds = 1;
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
  g_assert_false (crapette_net_peer_get_deal_hidden (pair.peer[0]));
  g_assert_false (crapette_net_peer_get_deal_hidden (pair.peer[1]));
  g_assert_false (crapette_game_get_hidden_deals (crapette_session_get_game (pair.session[0])));
  /* Dealt open: nothing waits for a key. */
  g_assert_cmpuint (crapette_round_find_unshown (table_round (&pair, 0), NULL), ==, 0);
  play_until_done (&pair);
  host = crapette_match_to_record (crapette_session_get_match (pair.session[0]));
  guest = crapette_match_to_record (crapette_session_get_match (pair.session[1]));
  g_assert_cmpstr (host, ==, guest);
  /* No hidden line was sent either way. */
  for (guint i = 0; i < 2; i++)
    {
      GPtrArray *sent = net_test_loopback_get_sent (pair.link[i]);

      for (guint j = 0; j < sent->len; j++)
        {
          g_auto(GStrv) words = g_strsplit (g_ptr_array_index (sent, j), " ", 3);

          g_assert_cmpstr (words[1], !=, "deck");
          g_assert_cmpstr (words[1], !=, "key");
        }
    }
  pair_clear (&pair);
}

/* ---- Cheats --------------------------------------------------------------------- */

typedef enum
{
  CHEAT_SUBSTITUTE,     /* one card of the final deck swapped for an open card */
  CHEAT_DUPLICATE,      /* one card of the final deck twice */
  CHEAT_WRONG_KEY,      /* a key changed */
  CHEAT_OUT_OF_TURN,    /* a key for a card still face down */
  CHEAT_NO_KEY,         /* a key replaced by silence (a ping) */
  CHEAT_NO_SECRET,      /* the round's secrets replaced by silence */
  CHEAT_DEAF,           /* a key replaced by silence, and every ping says it heard nothing */
} Cheat;

typedef struct
{
  Cheat cheat;
  guint done;           /* lines changed */
  Pair *pair;
} Cheater;

static char *
reseal (guint64     seq,
        const char *kind,
        const char *payload)
{
  for (guint n = 0; n < CRAPETTE_NET_N_KINDS; n++)
    if (g_str_equal (crapette_net_kind_to_string (n), kind))
      return crapette_net_message_seal (test_key, CRAPETTE_NET_ROLE_GUEST, seq, n, payload);
  g_assert_not_reached ();
}

static char *
cheat_filter (const char *line,
              gpointer    data)
{
  Cheater *cheater = data;
  g_auto(GStrv) words = g_strsplit (line, " ", 4);
  guint64 seq = g_ascii_strtoull (words[0], NULL, 10);
  const char *payload = words[3] != NULL ? words[3] : "";

  if (cheater->done > 0 && cheater->cheat != CHEAT_NO_KEY && cheater->cheat != CHEAT_DEAF)
    return NULL;

  if (cheater->cheat == CHEAT_NO_SECRET && g_str_equal (words[1], "secret"))
    {
      cheater->done++;
      return reseal (seq, "ping", "");
    }
  /* It says it heard only the host's hello, whatever came since. */
  if (cheater->cheat == CHEAT_DEAF && g_str_equal (words[1], "ping"))
    return reseal (seq, "ping", "1");

  if ((cheater->cheat == CHEAT_SUBSTITUTE || cheater->cheat == CHEAT_DUPLICATE) &&
      g_str_equal (words[1], "deck"))
    {
      g_auto(GStrv) parts = g_strsplit (payload, " ", 3);
      gsize size = 0;
      g_autofree guchar *list = NULL;
      g_autofree char *encoded = NULL;
      g_autofree char *changed = NULL;

      if (!g_str_equal (parts[1], "4"))
        return NULL;
      list = g_base64_decode (parts[2], &size);
      if (cheater->cheat == CHEAT_DUPLICATE)
        memcpy (list + 5 * CRAPETTE_HIDDEN_ELEMENT_SIZE, list + 9 * CRAPETTE_HIDDEN_ELEMENT_SIZE,
                CRAPETTE_HIDDEN_ELEMENT_SIZE);
      else
        {
          /* Every place swapped for a card nobody locked: whichever comes up first is found. */
          CrapetteMatch *match = crapette_session_get_match (cheater->pair->session[1]);
          g_autofree char *label = g_strdup_printf ("crapette-net/hidden %" G_GUINT64_FORMAT " %s",
                                                    crapette_match_get_seed (match), parts[0]);

          for (guint i = 0; i < size / CRAPETTE_HIDDEN_ELEMENT_SIZE; i++)
            crapette_hidden_card_value (label, i, list + i * CRAPETTE_HIDDEN_ELEMENT_SIZE);
        }
      encoded = g_base64_encode (list, size);
      changed = g_strdup_printf ("%s %s %s", parts[0], parts[1], encoded);
      cheater->done++;
      return reseal (seq, "deck", changed);
    }
  if (g_str_equal (words[1], "key"))
    {
      g_auto(GStrv) parts = g_strsplit (payload, " ", 3);
      g_autofree char *changed = NULL;

      switch (cheater->cheat)
        {
        case CHEAT_WRONG_KEY:
          parts[2][10] = parts[2][10] == '0' ? '1' : '0';
          changed = g_strjoinv (" ", parts);
          break;
        case CHEAT_OUT_OF_TURN:
          {
            /* A place deep in a stock: face down, not turned up. */
            const CrapettePosition *position = crapette_round_get_position (table_round (cheater->pair, 1));
            guint place = 0;

            for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
              if (crapette_position_unknown_count (position, pile) > 2)
                {
                  place = crapette_card_hidden_index (position->piles[pile].cards[0]);
                  break;
                }
            changed = g_strdup_printf ("%s %u %s", parts[0], place, parts[2]);
            break;
          }
        case CHEAT_NO_KEY:
        case CHEAT_DEAF:
          cheater->done++;
          return reseal (seq, "ping", "");
        case CHEAT_NO_SECRET:
        case CHEAT_SUBSTITUTE:
        case CHEAT_DUPLICATE:
        default:
          return NULL;
        }
      cheater->done++;
      return reseal (seq, "key", changed);
    }
  return NULL;
}

static Cheat current_cheat;

static gboolean
host_failed (gpointer data)
{
  Pair *pair = data;

  drive_side (pair, 0);
  /* A guest that keeps its key and waits: only what it says it heard, or the backstop,
   * ends it. */
  if (current_cheat != CHEAT_NO_KEY && current_cheat != CHEAT_DEAF)
    drive_side (pair, 1);
  return crapette_net_peer_get_state (pair->peer[0]) == CRAPETTE_NET_PEER_FAILED;
}

static void
test_cheat (gconstpointer data)
{
  Cheat cheat = GPOINTER_TO_UINT (data);
  Pair pair;
  Cheater cheater = { cheat, 0, &pair };
  CrapetteMatch *match;
  gint64 start, owed_us = 0;

  current_cheat = cheat;
  pair_init (&pair, CRAPETTE_VARIANT_RUSSIAN, TRUE);
  pair.target_rounds = 1;
  /* Pings every 200 ms or so, each saying what its end has heard. The backstop keeps its
   * 120 s, past the test's time limit, except for the program that acknowledges nothing. */
  for (guint i = 0; i < 2; i++)
    crapette_net_peer_set_timing (pair.peer[i], 600, 60000);
  if (cheat == CHEAT_DEAF)
    crapette_net_peer_set_reveal_limit (pair.peer[0], 1000);
  net_test_loopback_set_filter (pair.link[1], cheat_filter, &cheater);
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  start = g_get_monotonic_time ();
  while (!host_failed (&pair))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      if (owed_us == 0 && cheater.done > 0)
        owed_us = g_get_monotonic_time ();
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_assert_cmpuint (cheater.done, >, 0);
  /* Refused soon after the answer was withheld: at the next ping, or the backstop's 1 s. */
  g_test_message ("refused %" G_GINT64_FORMAT " ms after the first line changed",
                  (g_get_monotonic_time () - owed_us) / 1000);
  if (cheat == CHEAT_NO_KEY || cheat == CHEAT_NO_SECRET || cheat == CHEAT_DEAF)
    g_assert_cmpint (g_get_monotonic_time () - owed_us, <, 10 * G_USEC_PER_SEC);
  g_assert_cmpint (crapette_net_peer_get_end_reason (pair.peer[0]), ==, CRAPETTE_NET_END_PEER_FAULT);
  g_test_message ("refused: %s; evidence: %s", crapette_net_peer_get_error (pair.peer[0]),
                  crapette_net_peer_get_evidence (pair.peer[0]));
  g_assert_nonnull (crapette_net_peer_get_error (pair.peer[0]));
  g_assert_nonnull (crapette_net_peer_get_evidence (pair.peer[0]));
  switch (cheat)
    {
    case CHEAT_SUBSTITUTE:
    case CHEAT_DUPLICATE:
      g_assert_true (g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]), "deck ") ||
                     g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]), "key "));
      break;
    case CHEAT_WRONG_KEY:
    case CHEAT_OUT_OF_TURN:
      g_assert_true (g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]), "key "));
      break;
    case CHEAT_NO_KEY:
      /* Caught by its own acknowledgment, not by the backstop. */
      g_assert_true (g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]),
                                       "no key for round 1 place "));
      g_assert_nonnull (strstr (crapette_net_peer_get_evidence (pair.peer[0]),
                                " was acknowledged"));
      break;
    case CHEAT_NO_SECRET:
      g_assert_true (g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]),
                                       "no secrets for round 1 after line "));
      break;
    case CHEAT_DEAF:
    default:
      g_assert_true (g_str_has_prefix (crapette_net_peer_get_evidence (pair.peer[0]),
                                       "nothing acknowledged past line 1 within 1000 ms"));
      break;
    }
  /* The match stays on the table as it stood, so its record is kept, the evidence in it. */
  match = crapette_session_get_match (pair.session[0]);
  g_assert_nonnull (match);
  {
    g_autofree char *record = crapette_match_to_record (match);
    g_autofree char *line = g_strdup_printf ("\n# Hidden deal refused, the guest's fault: %s\n",
                                             crapette_net_peer_get_evidence (pair.peer[0]));

    /* The round in play holds its face-down cards as stand-ins: the record can say they are
     * there, not what they are. */
    g_assert_nonnull (strstr (record, line));
  }
  pair_clear (&pair);
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
  g_test_add_data_func ("/net/hidden/whole-rounds/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), play_whole_rounds);
  g_test_add_data_func ("/net/hidden/whole-rounds/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), play_whole_rounds);
  g_test_add_func ("/net/hidden/seed-fallback", test_seed_fallback);
  g_test_add_func ("/net/hidden/slow-line", test_slow_line);
  g_test_add_func ("/net/hidden/cut-and-resync", test_cut_and_resync);
  g_test_add_func ("/net/hidden/rematch", test_rematch);
  g_test_add_data_func ("/net/hidden/cheat/substitute", GUINT_TO_POINTER (CHEAT_SUBSTITUTE), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/duplicate", GUINT_TO_POINTER (CHEAT_DUPLICATE), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/wrong-key", GUINT_TO_POINTER (CHEAT_WRONG_KEY), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/out-of-turn", GUINT_TO_POINTER (CHEAT_OUT_OF_TURN), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/no-key", GUINT_TO_POINTER (CHEAT_NO_KEY), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/no-secret", GUINT_TO_POINTER (CHEAT_NO_SECRET), test_cheat);
  g_test_add_data_func ("/net/hidden/cheat/deaf", GUINT_TO_POINTER (CHEAT_DEAF), test_cheat);
  return g_test_run ();
}

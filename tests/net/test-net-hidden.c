/* test-net-hidden.c: two peers in one process deal hidden over a loopback pair
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both ends offer the hidden deal: whole rounds of each game are played by computer players,
 * each table told a card only when both programs sent their key for it. At every step
 * neither table holds a face-down card's value, both agree once both have shown what is up,
 * both saw the same cards in the same order, and at the end of each round both check the
 * whole deal, which makes the record a plain one that replays to the same table. An end that
 * does not offer it gets the seed deal, and both know. With mistakes called, the players
 * break duties on purpose and call "Stop!" at random moments, keys owed or not: every call is
 * played at both tables, the cards it takes back stay known and no key is asked twice for a
 * place. A guest on a slow line, whose keys come long after the old wall-time limit, is not
 * accused. A copy killed mid-round and started again takes the deal up from what it kept.
 * Then a filter on the guest's line cheats (a substituted or duplicated card, a wrong key, a
 * card asked out of turn, a key or the secrets never sent though their ask was acknowledged,
 * a key never sent by a program that acknowledges nothing): the host ends the match as the
 * guest's fault and keeps the evidence.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "crapette-card.h"
#include "crapette-hidden-deck.h"
#include "crapette-match.h"
#include "crapette-net-peer.h"
#include "crapette-player.h"
#include "crapette-refusal.h"
#include "crapette-round.h"
#include "crapette-match-record.h"
#include "crapette-savegame.h"
#include "net-test-loopback.h"
#include "net-test-mistakes.h"
#include "../folder-test-helpers.h"
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
  /* With mistakes called ("Stop!"): */
  gboolean called;
  GRand *rand;                    /* when the players break a duty and call */
  GArray *shown_before;           /* guint: the host's cards shown before each move played */
  guint calls;                    /* calls made, each played here or sent out */
  guint64 call_round[2];          /* the round a side's call out was made in */
  guint stops[2];                 /* "Stop!" played at each table */
  guint stops_turned_up;          /* of them, taking back a move that turned a card up */
  guint turned_again;             /* stock cards turned up again, known from a call */
  guint answered_nothing;         /* calls sent back: the round had ended over there */
  guint calls_key_owed;           /* calls sent out that reach a table waiting for a key */
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
  if (side->side == 0)
    g_array_set_size (side->pair->shown_before, 0);
}

/* Counts the calls each table plays, and at the host's, those that took back a move that
 * turned a card up (a card shown between the mistake and the call), and the stock cards
 * such a call put back that come up again. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    Side               *side)
{
  Pair *pair = side->pair;
  const CrapetteRound *round = crapette_game_get_round (game);
  guint index = crapette_round_get_n_moves (round) - 1;
  CrapetteBreach breach;

  if (move->kind == CRAPETTE_MOVE_STOP)
    {
      g_assert_true (crapette_round_get_last_call (round, &breach));
      pair->stops[side->side]++;
    }
  if (side->side != 0)
    return;
  /* One entry a move: the cards shown before it (those a move turns up are shown before the
   * next is played). */
  g_assert_cmpuint (pair->shown_before->len, ==, index);
  g_array_append_val (pair->shown_before, pair->revealed[0]->len);
  if (move->kind == CRAPETTE_MOVE_STOP &&
      pair->revealed[0]->len > g_array_index (pair->shown_before, guint, breach.move_index))
    pair->stops_turned_up++;
  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      CrapettePosition before;

      crapette_round_get_position_after (round, index, &before);
      if (before.stock_top_seen[before.to_move] > 0)
        {
          /* Known to both: shown again from the table, no key asked for it. */
          g_assert_true (crapette_card_is_real (move->card));
          g_assert_true (pair->shown[0][move->card]);
          pair->turned_again++;
        }
    }
}

/* A call sent out comes back "nothing stopped" only when the round had ended over there,
 * and the answer follows every move of it: the round is over here too. */
static void
on_call_answered_cb (CrapetteSession *session,
                     gboolean         stopped,
                     Side            *side)
{
  CrapetteMatch *match = crapette_session_get_match (session);

  if (stopped)
    return;
  side->pair->answered_nothing++;
  g_assert_false (crapette_match_get_round_number (match) == side->pair->call_round[side->side] &&
                  crapette_match_is_round_in_play (match));
}

static void
pair_init_rules (Pair            *pair,
                 CrapetteVariant  variant,
                 gboolean         guest_offers,
                 gboolean         called,
                 guint32          seed)
{
  CrapetteRules rules;

  memset (pair, 0, sizeof *pair);
  pair->called = called;
  pair->rand = g_rand_new_with_seed (seed);
  pair->shown_before = g_array_new (FALSE, FALSE, sizeof (guint));
  net_test_loopback_new_pair (&pair->link[0], &pair->link[1]);
  for (guint i = 0; i < 2; i++)
    {
      pair->session[i] = crapette_session_new (NULL);
      pair->peer[i] = crapette_net_peer_new (pair->session[i], CRAPETTE_TRANSPORT (pair->link[i]),
                                             i == 0 ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST,
                                             test_key, i == 0 ? "Anne" : "Boris");
      crapette_net_peer_set_hidden_offered (pair->peer[i], i == 0 || guest_offers);
      pair->player[i] = crapette_player_new ("easy", 11 + i + 2 * seed, NULL);
      pair->revealed[i] = g_array_new (FALSE, FALSE, sizeof (CrapetteCard));
      sides[i].pair = pair;
      sides[i].side = i;
      g_signal_connect (crapette_session_get_game (pair->session[i]), "card-revealed",
                        G_CALLBACK (on_card_revealed_cb), &sides[i]);
      g_signal_connect (crapette_session_get_game (pair->session[i]), "round-started",
                        G_CALLBACK (on_round_started_cb), &sides[i]);
      g_signal_connect (crapette_session_get_game (pair->session[i]), "move-applied",
                        G_CALLBACK (on_move_applied_cb), &sides[i]);
      g_signal_connect (pair->session[i], "call-answered", G_CALLBACK (on_call_answered_cb),
                        &sides[i]);
    }
  crapette_rules_init_default (&rules);
  if (called)
    rules.mistakes = CRAPETTE_MISTAKES_CALLED;
  crapette_net_peer_set_match (pair->peer[0], variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
}

static void
pair_init (Pair            *pair,
           CrapetteVariant  variant,
           gboolean         guest_offers)
{
  pair_init_rules (pair, variant, guest_offers, FALSE, 0);
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
  g_clear_pointer (&pair->rand, g_rand_free);
  g_clear_pointer (&pair->shown_before, g_array_unref);
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

static CrapetteSeat
side_seat (guint i)
{
  return i == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
}

/* Whether the move that made @after turned a card up: a stock turned, a reserve card
 * uncovered, a hand card turned. */
static gboolean
turned_a_card_up (const CrapetteRound *before,
                  const CrapetteRound *after)
{
  return crapette_round_find_unshown (after, NULL) > 0;
}

/* Now and then, side @i calls "Stop!" on a mistake of the other's still open at its table:
 * at any moment, a key still owed at either table or not. A call while the caller is to
 * move waits here for a card turned up; the offender's table plays one it is sent once it
 * can. */
static void
maybe_call (Pair *pair,
            guint i)
{
  CrapetteSession *session = pair->session[i];
  CrapetteMatch *match = crapette_session_get_match (session);
  CrapetteBreach breach;
  g_autoptr(GError) error = NULL;

  if (!pair->called || match == NULL || !crapette_match_is_round_in_play (match) ||
      crapette_net_peer_get_state (pair->peer[i]) != CRAPETTE_NET_PEER_PLAYING ||
      crapette_session_get_call_out (session) ||
      !crapette_round_get_breach (table_round (pair, i), &breach) ||
      breach.offender == side_seat (i) || g_rand_int_range (pair->rand, 0, 4) != 0)
    return;
  pair->call_round[i] = crapette_match_get_round_number (match);
  if (crapette_session_call (session, side_seat (i), &error))
    {
      const CrapetteRound *there = table_round (pair, 1 - i);

      g_assert_no_error (error);
      pair->calls++;
      /* Sent out before this table has the move that turned a card up over there, and so
       * before this end's key for it: the call gets there first. */
      if (crapette_session_get_call_out (session) &&
          crapette_round_find_unshown (there, NULL) > 0 &&
          crapette_round_get_n_moves (table_round (pair, i)) < crapette_round_get_n_moves (there))
        pair->calls_key_owed++;
      return;
    }
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOT_SHOWN);
  g_assert_cmpuint (crapette_round_find_unshown (table_round (pair, i), NULL), >, 0);
}

/* Plays one move, or deals the next round, for side @i if it may; a table with a card
 * turned up and not shown yet waits for the keys. With mistakes called, the move is now
 * and then one that breaks a duty, most often one that turns a card up. */
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
  /* Not in the round's first turn: its opener has no turn before to call. */
  if (pair->called && crapette_round_get_position (table_round (pair, i))->move_number > 0 &&
      g_rand_int_range (pair->rand, 0, 3) == 0)
    net_test_find_breaking_move (table_round (pair, i),
                                 g_rand_int_range (pair->rand, 0, 4) != 0 ? turned_a_card_up : NULL,
                                 pair->rand, &move);
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

  /* One copy may be dead for a while (test_restart()). */
  if (!crapette_net_peer_get_deal_hidden (pair->peer[0] != NULL ? pair->peer[0] : pair->peer[1]))
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

      if (crapette_position_holds_stand_ins (start))
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
      maybe_call (pair, 1);
      drive_side (pair, 1);
      maybe_call (pair, 0);
      /* Calls also between the lines: one made while a key is still on its way. */
      while (g_main_context_iteration (NULL, FALSE))
        {
          check_tables (pair);
          maybe_call (pair, g_rand_int_range (pair->rand, 0, 2));
        }
      check_tables (pair);
      g_usleep (100);
    }
}

/* Each finished round, laid out from its start as the record writes it, replays its moves
 * to the same end; and every card either table was shown is where the record has it. */
static void
assert_records (Pair     *pair,
                gboolean  same_order)
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
  /* Both tables were shown the same cards in the same order (a copy started again is
   * shown again what it had opened). */
  if (!same_order)
    return;
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
  assert_records (&pair, TRUE);
  g_test_message ("%u cards shown at each table, %u moves, %u lines sent", pair.revealed[0]->len,
                  crapette_match_count_moves (crapette_session_get_match (pair.session[0])),
                  net_test_loopback_get_sent (pair.link[0])->len);
  /* At least the cards each round deals face up (assert_records() checks them). */
  g_assert_cmpuint (pair.revealed[0]->len, >=, 2 * 4);
  g_assert_cmpuint (crapette_match_count_moves (crapette_session_get_match (pair.session[0])), >, 0);
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[0]));
  pair_clear (&pair);
}

/* Each program asked for each place of a round's deck at most once: a card a call put back
 * face down is known, and shown again without a key. */
static void
assert_keys_once (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      GPtrArray *sent = net_test_loopback_get_sent (pair->link[i]);
      g_autoptr(GHashTable) asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint j = 0; j < sent->len; j++)
        {
          g_auto(GStrv) words = g_strsplit (g_ptr_array_index (sent, j), " ", 4);
          g_auto(GStrv) parts = NULL;

          if (!g_str_equal (words[1], "key"))
            continue;
          parts = g_strsplit (words[3], " ", 3);
          g_assert_true (g_hash_table_add (asked, g_strdup_printf ("%s %s", parts[0], parts[1])));
        }
    }
}

/* Mistakes called: the players now and then break a duty on purpose, most often with a
 * move that turns a card up, and the other now and then calls "Stop!" at any moment, a key
 * still owed or not. Every call made is played at both tables, or comes back "nothing
 * stopped" only because the round had ended over there; the cards the taken-back moves
 * turned up go back face down but known, and come up again without a key. Matches are
 * played until a few calls have taken back a card turned up (bounded). */
static void
play_called_rounds (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  guint stops = 0, stops_turned_up = 0, turned_again = 0, calls = 0, nothing = 0, key_owed = 0;
  guint matches = 0;

  for (guint seed = 1; seed <= 16 && (stops_turned_up < 3 || key_owed == 0); seed++)
    {
      Pair pair;

      pair_init_rules (&pair, variant, TRUE, TRUE, seed);
      pair.target_rounds = 2;
      crapette_net_peer_start (pair.peer[0]);
      crapette_net_peer_start (pair.peer[1]);
      g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));
      g_assert_true (crapette_net_peer_get_deal_hidden (pair.peer[0]));
      g_assert_cmpint (crapette_match_get_rules (crapette_session_get_match (pair.session[1]))->mistakes,
                       ==, CRAPETTE_MISTAKES_CALLED);
      play_until_done (&pair);
      assert_records (&pair, TRUE);
      assert_keys_once (&pair);
      g_assert_null (crapette_net_peer_get_evidence (pair.peer[0]));
      g_assert_null (crapette_net_peer_get_evidence (pair.peer[1]));
      /* Every call made is counted: played at both tables, or sent back nothing stopped. */
      g_assert_cmpuint (pair.stops[0], ==, pair.stops[1]);
      g_assert_cmpuint (pair.calls, ==, pair.stops[0] + pair.answered_nothing);
      g_test_message ("match %u: %u calls (%u came while a key was owed), %u stops (%u took "
                      "back a card turned up), %u nothing stopped, %u stock cards turned up "
                      "again known, %u moves",
                      seed, pair.calls, pair.calls_key_owed, pair.stops[0], pair.stops_turned_up,
                      pair.answered_nothing, pair.turned_again,
                      crapette_match_count_moves (crapette_session_get_match (pair.session[0])));
      calls += pair.calls;
      stops += pair.stops[0];
      stops_turned_up += pair.stops_turned_up;
      turned_again += pair.turned_again;
      nothing += pair.answered_nothing;
      key_owed += pair.calls_key_owed;
      matches++;
      pair_clear (&pair);
    }
  g_test_message ("%u matches: %u calls (%u while a key was owed), %u stops, %u took back a "
                  "card turned up, %u nothing stopped, %u turned up again known",
                  matches, calls, key_owed, stops, stops_turned_up, nothing, turned_again);
  g_assert_cmpuint (stops, >, 0);
  g_assert_cmpuint (stops_turned_up, >, 0);
  g_assert_cmpuint (key_owed, >, 0);
  g_assert_cmpuint (turned_again, >, 0);
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
  assert_records (&pair, TRUE);
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
  assert_records (&pair, TRUE);
  pair_clear (&pair);
}

/* ---- A copy killed and started again ---------------------------------------------- */

static guint
count_moves (CrapetteSession *session)
{
  return crapette_match_count_moves (crapette_session_get_match (session));
}

static void
drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Side @dying's copy of a hidden match dies while a card its own move turned up waits for
 * the keys, its saved game some moves behind (cards shown since among them): started again,
 * it opens the saved game, takes the deal up from what its peer kept (its secrets, the keys
 * it gave and was given), shows again what it had opened, plays the moves the save missed,
 * rejoins, and the match is played out hidden, both deals checked, with identical records;
 * no table ever holds a face-down card nobody opened. */
static void
test_restart (gconstpointer data)
{
  guint dying = GPOINTER_TO_UINT (data) & 1;
  CrapetteVariant variant = GPOINTER_TO_UINT (data) >> 1;
  g_autofree char *folder = folder_test_new ("crapette-net-hidden-restart-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "network-match.ini", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  gboolean shown_before[CRAPETTE_MAX_CARDS];
  NetTestLoopback *ends[2];
  guint at_save = 0, at_kill = 0, shown_at_save = 0, saved_round = 0;
  gboolean waiting = FALSE;
  CrapetteRules rules;
  Pair pair;

  pair_init (&pair, variant, TRUE);
  /* Rounds of two Easy players may be short: as many as it takes to find the moment, in a
   * match long enough for them. */
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (pair.peer[0], variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 41 : 300);
  pair.target_rounds = 20;
  crapette_net_peer_set_state_path (pair.peer[dying], path, "how to reach the other");
  crapette_net_peer_start (pair.peer[0]);
  crapette_net_peer_start (pair.peer[1]);
  g_assert_true (net_test_run_until (both_playing, &pair, TIME_LIMIT_US));

  /* A dozen moves in, the saved game is written; then play on until the dying side's own
   * move has turned a card up and its key is owed, with cards shown since the save. */
  for (guint i = 0; i < 4000 && !waiting; i++)
    {
      CrapetteMatch *match = crapette_session_get_match (pair.session[dying]);
      gboolean mine = crapette_match_is_round_in_play (match) &&
                      !crapette_session_is_remote_to_move (pair.session[dying]);

      /* The save and the kill in one round (a round over begins another save). */
      if (saved != NULL && crapette_match_get_round_number (match) != saved_round)
        g_clear_pointer (&saved, g_free);
      if (saved == NULL && crapette_round_get_n_moves (table_round (&pair, dying)) >= 6 &&
          crapette_round_find_unshown (table_round (&pair, dying), NULL) == 0)
        {
          saved = crapette_match_to_record (match);
          saved_round = crapette_match_get_round_number (match);
          at_save = count_moves (pair.session[dying]);
          shown_at_save = pair.revealed[dying]->len;
        }
      drive_side (&pair, 0);
      drive_side (&pair, 1);
      /* The move's line and the key it turned up are out, the other's key not back yet. */
      waiting = saved != NULL && mine && count_moves (pair.session[dying]) >= at_save + 4 &&
                pair.revealed[dying]->len > shown_at_save &&
                crapette_round_find_unshown (table_round (&pair, dying), NULL) > 0;
      if (!waiting)
        {
          drain ();
          check_tables (&pair);
          g_usleep (100);
        }
    }
  g_assert_true (waiting);
  at_kill = count_moves (pair.session[dying]);
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  /* The deal's secrets are in the file kept (its owner's only), not in the saved game. */
  g_assert_nonnull (strstr (kept, "[hidden-deal]"));
  g_assert_nonnull (strstr (kept, "party="));
  g_assert_nonnull (strstr (saved, " ?"));

  /* Killed: the connection and all it held in memory are gone. */
  net_test_loopback_set_cut (pair.link[1 - dying], TRUE);
  memcpy (shown_before, pair.shown[dying], sizeof shown_before);
  g_clear_object (&pair.peer[dying]);
  g_clear_object (&pair.session[dying]);
  g_clear_object (&pair.link[dying]);

  /* Started again: a new session opens the saved game, a new peer takes the match up. */
  pair.session[dying] = crapette_session_new (NULL);
  g_signal_connect (crapette_session_get_game (pair.session[dying]), "card-revealed",
                    G_CALLBACK (on_card_revealed_cb), &sides[dying]);
  g_signal_connect (crapette_session_get_game (pair.session[dying]), "round-started",
                    G_CALLBACK (on_round_started_cb), &sides[dying]);
  /* Not from a file: no other program could turn its cards up. */
  {
    g_autoptr(CrapetteSession) other = crapette_session_new (NULL);
    g_autoptr(GError) refused = NULL;

    g_assert_false (crapette_session_open_record (other, saved, -1, &refused));
    g_assert_error (refused, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_INVALID);
    g_assert_null (crapette_session_get_match (other));
  }
  /* As the application starts: the saved game is taken up (crapette_session_resume()). */
  {
    g_autofree char *save = crapette_savegame_get_path ();
    g_autofree char *save_folder = g_path_get_dirname (save);

    g_assert_cmpint (g_mkdir_with_parents (save_folder, 0700), ==, 0);
    g_assert_true (g_file_set_contents (save, saved, -1, NULL));
  }
  g_assert_true (crapette_session_resume (pair.session[dying]));
  g_assert_cmpuint (count_moves (pair.session[dying]), ==, at_save);
  /* Only what this copy had been shown is on its table. */
  memcpy (pair.shown[dying], shown_before, sizeof shown_before);
  check_tables (&pair);

  net_test_loopback_new_pair (&ends[0], &ends[1]);
  pair.link[dying] = ends[dying];
  pair.peer[dying] = crapette_net_peer_restore (pair.session[dying],
                                                CRAPETTE_TRANSPORT (ends[dying]), path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pair.peer[dying]);
  g_assert_true (crapette_net_peer_get_deal_hidden (pair.peer[dying]));
  /* The moves the save missed are back, the cards shown since too. */
  g_assert_cmpuint (count_moves (pair.session[dying]), ==, at_kill);
  check_tables (&pair);
  crapette_net_peer_set_transport (pair.peer[1 - dying], CRAPETTE_TRANSPORT (ends[1 - dying]));
  g_clear_object (&pair.link[1 - dying]);
  pair.link[1 - dying] = ends[1 - dying];

  /* The round in play, and one more dealt hidden after the restart. */
  pair.target_rounds = crapette_match_get_n_finished_rounds (crapette_session_get_match (pair.session[0])) + 2;
  play_until_done (&pair);
  assert_records (&pair, FALSE);
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[0]));
  g_assert_null (crapette_net_peer_get_evidence (pair.peer[1]));
  g_assert_cmpuint (count_moves (pair.session[dying]), >, at_kill);
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
  assert_records (&pair, TRUE);
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
  /* Each test its own data folder: test_restart() resumes a saved game as the application. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (!crapette_hidden_init ())
    {
      g_test_skip ("libsodium cannot be used");
      return g_test_run ();
    }
  g_test_add_data_func ("/net/hidden/whole-rounds/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), play_whole_rounds);
  g_test_add_data_func ("/net/hidden/whole-rounds/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), play_whole_rounds);
  g_test_add_data_func ("/net/hidden/stop/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), play_called_rounds);
  g_test_add_data_func ("/net/hidden/stop/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), play_called_rounds);
  g_test_add_func ("/net/hidden/seed-fallback", test_seed_fallback);
  g_test_add_func ("/net/hidden/slow-line", test_slow_line);
  g_test_add_func ("/net/hidden/cut-and-resync", test_cut_and_resync);
  g_test_add_data_func ("/net/hidden/restart/guest-russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN << 1 | 1), test_restart);
  g_test_add_data_func ("/net/hidden/restart/host-russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN << 1 | 0), test_restart);
  g_test_add_data_func ("/net/hidden/restart/guest-american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN << 1 | 1), test_restart);
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

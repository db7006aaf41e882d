/* test-net-call.c: "Stop!" across the network with mistakes called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two sessions, each with a peer, over a loopback pair, with mistakes called: a call made
 * while the caller is to move goes as a move line at once; a call made while the offender is
 * to move goes out as a `call`, holds the caller's table while the offender plays on, and
 * comes back as the offender's table played it, taking back the same moves on both tables.
 * Then the test speaks for the host itself, to answer a call "nothing stopped" and to send
 * calls an honest program never sends, each refused with its reason.
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "crapette-match.h"
#include "crapette-net-peer.h"
#include "crapette-notation.h"
#include "crapette-player.h"
#include "crapette-refusal.h"
#include "net-test-loopback.h"
#include "net-test-mistakes.h"
#include "../folder-test-helpers.h"

#define TIME_LIMIT_US (60 * G_USEC_PER_SEC)

static const guint8 test_key[CRAPETTE_NET_KEY_SIZE] = "a key only the two players know";

static void
settle (void)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

/* How many of @link's lines sent so far are of @kind. */
static guint
count_sent (NetTestLoopback *link,
            const char      *kind)
{
  GPtrArray *sent = net_test_loopback_get_sent (link);
  g_autofree char *word = g_strdup_printf (" %s ", kind);
  guint n = 0;

  for (guint i = 0; i < sent->len; i++)
    {
      const char *line = g_ptr_array_index (sent, i);
      const char *space = strchr (line, ' ');

      if (space != NULL && g_str_has_prefix (space, word))
        n++;
    }
  return n;
}

/* Whether the player who made the move that made @after is still to move. */
static gboolean
turn_kept (const CrapetteRound *before,
           const CrapetteRound *after)
{
  return crapette_round_get_position (after)->to_move ==
         crapette_round_get_position (before)->to_move;
}

/* ---- Two honest programs ---------------------------------------------------- */

typedef struct
{
  CrapetteSession *session[2];    /* 0: the host (South), 1: the guest (North) */
  NetTestLoopback *link[2];
  CrapetteNetPeer *peer[2];
  CrapettePlayer *player[2];
  guint answered[2], stopped[2];  /* ::call-answered, and with stopped */
} Pair;

static void
on_call_answered_cb (CrapetteSession *session,
                     gboolean         stopped,
                     Pair            *pair)
{
  guint i = session == pair->session[0] ? 0 : 1;

  pair->answered[i]++;
  if (stopped)
    pair->stopped[i]++;
}

static gboolean
both_playing (gpointer data)
{
  Pair *pair = data;

  return crapette_net_peer_get_state (pair->peer[0]) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (pair->peer[1]) == CRAPETTE_NET_PEER_PLAYING;
}

static void
pair_init (Pair            *pair,
           CrapetteVariant  variant)
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
      pair->player[i] = crapette_player_new ("medium", 11 + i, NULL);
      g_signal_connect (pair->session[i], "call-answered", G_CALLBACK (on_call_answered_cb), pair);
    }
  crapette_rules_init_default (&rules);
  rules.mistakes = CRAPETTE_MISTAKES_CALLED;
  crapette_net_peer_set_match (pair->peer[0], variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
  crapette_net_peer_start (pair->peer[0]);
  crapette_net_peer_start (pair->peer[1]);
  g_assert_true (net_test_run_until (both_playing, pair, TIME_LIMIT_US));
  /* Played across the network as asked, on both tables. */
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (crapette_match_get_rules (crapette_session_get_match (pair->session[i]))->mistakes,
                     ==, CRAPETTE_MISTAKES_CALLED);
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
    }
}

static const CrapetteRound *
pair_round (Pair  *pair,
            guint  i)
{
  return crapette_game_get_round (crapette_session_get_game (pair->session[i]));
}

/* The side whose player is to move, as side @at's table says. */
static guint
side_to_move_at (Pair  *pair,
                 guint  at)
{
  return crapette_round_get_position (pair_round (pair, at))->to_move == CRAPETTE_SOUTH ? 0 : 1;
}

/* The same, once both tables have every line. */
static guint
side_to_move (Pair *pair)
{
  settle ();
  return side_to_move_at (pair, 0);
}

static void
play (Pair               *pair,
      guint               i,
      const CrapetteMove *move)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_session_play (pair->session[i], i == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH,
                                        move, &error));
  g_assert_no_error (error);
}

/* The computer's own choice for side @i, which must be to move. */
static void
choose (Pair         *pair,
        guint         i,
        CrapetteMove *move)
{
  CrapettePosition view;

  crapette_view_init_known (&view, crapette_round_get_position (pair_round (pair, i)));
  crapette_player_choose (pair->player[i], &view, move);
}

static void
play_chosen (Pair  *pair,
             guint  i)
{
  CrapetteMove move;

  choose (pair, i, &move);
  play (pair, i, &move);
}

/* Plays side @i's choice unless it would end the round; returns whether it played. */
static gboolean
play_chosen_in_round (Pair  *pair,
                      guint  i)
{
  CrapetteRound *copy = crapette_round_copy (pair_round (pair, i));
  CrapetteMove move;
  gboolean ends;

  choose (pair, i, &move);
  ends = !crapette_round_play (copy, &move, NULL) ||
         crapette_round_get_position (copy)->outcome != CRAPETTE_OUTCOME_PLAYING;
  crapette_round_free (copy);
  if (ends)
    return FALSE;
  play (pair, i, &move);
  return TRUE;
}

/* Plays the computers' choices until the side to move has a move that breaks a duty (and
 * keeps its turn, with @keeps_turn), and plays it; returns that side, the offender. */
static guint
play_until_mistake (Pair     *pair,
                    gboolean  keeps_turn)
{
  for (guint n = 0; n < 3000; n++)
    {
      const CrapetteRound *round = pair_round (pair, 0);
      guint side = side_to_move (pair);
      CrapetteMove mistake;

      settle ();
      /* A round played out without a mistake at hand: on to the next. */
      if (crapette_round_get_position (round)->outcome != CRAPETTE_OUTCOME_PLAYING)
        {
          g_assert_false (crapette_match_is_finished (crapette_session_get_match (pair->session[0])));
          crapette_session_next_round (pair->session[0]);
          crapette_session_next_round (pair->session[1]);
          continue;
        }
      round = pair_round (pair, 0);
      side = side_to_move (pair);
      g_assert_cmpuint (crapette_round_get_n_moves (round), ==,
                        crapette_round_get_n_moves (pair_round (pair, 1)));
      /* Not the round's first turn: its opener has no turn before to call. */
      if (crapette_round_get_position (round)->move_number > 0 &&
          net_test_find_breaking_move (round, keeps_turn ? turn_kept : NULL, NULL, &mistake))
        {
          play (pair, side, &mistake);
          settle ();
          return side;
        }
      play_chosen (pair, side);
    }
  g_assert_not_reached ();
}

static void
assert_same_tables (Pair *pair)
{
  g_autofree char *host = crapette_match_to_record (crapette_session_get_match (pair->session[0]));
  g_autofree char *guest = crapette_match_to_record (crapette_session_get_match (pair->session[1]));

  g_assert_cmpstr (host, ==, guest);
  g_assert_nonnull (strstr (host, "mistakes=called"));
  g_assert_cmpuint (crapette_round_get_n_moves (pair_round (pair, 0)), ==,
                    crapette_round_get_n_moves (pair_round (pair, 1)));
  g_assert_true (crapette_position_equal (crapette_round_get_position (pair_round (pair, 0)),
                                          crapette_round_get_position (pair_round (pair, 1))));
}

/* Both sides play on for @moves moves (or to the end of the round), tables equal after. */
static void
play_on (Pair  *pair,
         guint  moves)
{
  for (guint n = 0; n < moves; n++)
    {
      settle ();
      g_assert_cmpint (crapette_net_peer_get_state (pair->peer[0]), ==, CRAPETTE_NET_PEER_PLAYING);
      g_assert_cmpint (crapette_net_peer_get_state (pair->peer[1]), ==, CRAPETTE_NET_PEER_PLAYING);
      if (crapette_round_get_position (pair_round (pair, 0))->outcome != CRAPETTE_OUTCOME_PLAYING)
        break;
      play_chosen (pair, side_to_move (pair));
    }
  settle ();
  assert_same_tables (pair);
}

/* The offender's turn is over and the caller not yet moved: nothing can cross the call,
 * which is played at once and goes as a move line. */
static void
call_while_caller_to_move (CrapetteVariant variant)
{
  Pair pair;
  guint offender, caller;
  CrapetteBreach breach, called;
  g_autoptr(GError) error = NULL;

  pair_init (&pair, variant);
  /* The offender plays out the turn (a mistake again if the round would end in it). */
  for (guint attempt = 0;; attempt++)
    {
      gboolean in_round = TRUE;

      g_assert_cmpuint (attempt, <, 50);
      offender = play_until_mistake (&pair, FALSE);
      for (guint n = 0; n < 500 && in_round && side_to_move_at (&pair, offender) == offender; n++)
        in_round = play_chosen_in_round (&pair, offender);
      settle ();
      if (in_round && side_to_move (&pair) != offender)
        break;
    }
  caller = 1 - offender;
  g_assert_true (crapette_round_get_breach (pair_round (&pair, caller), &breach));
  g_assert_cmpuint (side_to_move (&pair), ==, caller);
  g_assert_false (crapette_session_is_remote_to_move (pair.session[caller]));
  g_assert_true (crapette_session_call (pair.session[caller], caller == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH,
                                        &error));
  g_assert_no_error (error);
  /* Played here at once, never held. */
  g_assert_false (crapette_session_get_call_out (pair.session[caller]));
  g_assert_true (crapette_round_get_last_call (pair_round (&pair, caller), &called));
  g_assert_cmpuint (called.move_index, ==, breach.move_index);
  settle ();
  g_assert_cmpuint (count_sent (pair.link[caller], "call"), ==, 0);
  g_assert_true (crapette_round_get_last_call (pair_round (&pair, offender), &called));
  g_assert_cmpuint (called.move_index, ==, breach.move_index);
  assert_same_tables (&pair);
  play_on (&pair, 40);
  pair_clear (&pair);
}

static void
test_caller_to_move_russian (void)
{
  call_while_caller_to_move (CRAPETTE_VARIANT_RUSSIAN);
}

static void
test_caller_to_move_american (void)
{
  call_while_caller_to_move (CRAPETTE_VARIANT_AMERICAN);
}

/* The offender still to move: the call goes out, the caller's table waits, the offender
 * plays on meanwhile, and the call comes back taking back the mistake and every move after
 * it, the same on both tables. */
static void
call_while_offender_to_move (CrapetteVariant variant)
{
  Pair pair;
  guint offender, caller, played_after = 0;
  CrapetteSeat caller_seat;
  CrapetteBreach breach, called[2];
  g_autoptr(GError) error = NULL;

  g_autofree char *folder = folder_test_new ("crapette-net-call-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "network-match.ini", NULL);
  g_autofree char *kept = NULL;

  pair_init (&pair, variant);
  offender = play_until_mistake (&pair, TRUE);
  caller = 1 - offender;
  caller_seat = caller == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
  crapette_net_peer_set_state_path (pair.peer[caller], path, "host 127.0.0.1 1");
  g_assert_true (crapette_round_get_breach (pair_round (&pair, caller), &breach));
  g_assert_cmpuint (side_to_move (&pair), ==, offender);

  g_assert_true (crapette_session_may_call (pair.session[caller], caller_seat));
  g_assert_true (crapette_session_call (pair.session[caller], caller_seat, &error));
  g_assert_no_error (error);
  /* Sent, not played: the table waits for it. */
  g_assert_true (crapette_session_get_call_out (pair.session[caller]));
  g_assert_true (crapette_session_is_remote_to_move (pair.session[caller]));
  g_assert_false (crapette_session_may_call (pair.session[caller], caller_seat));
  g_assert_false (crapette_round_get_last_call (pair_round (&pair, caller), NULL));
  g_assert_cmpuint (count_sent (pair.link[caller], "call"), ==, 1);
  /* Kept on disk with the match, so that a restart still waits for it. */
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_nonnull (strstr (kept, "call-out="));
  g_clear_pointer (&kept, g_free);

  /* The offender plays on before the call reaches its table. */
  while (played_after < 3 && side_to_move_at (&pair, offender) == offender &&
         play_chosen_in_round (&pair, offender))
    played_after++;
  g_assert_cmpuint (played_after, >, 0);
  settle ();

  g_assert_false (crapette_session_get_call_out (pair.session[caller]));
  g_assert_cmpuint (pair.answered[caller], ==, 1);
  g_assert_cmpuint (pair.stopped[caller], ==, 1);
  g_assert_cmpuint (count_sent (pair.link[offender], "call"), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      const CrapetteRound *round = pair_round (&pair, i);

      g_assert_true (crapette_round_get_last_call (round, &called[i]));
      g_assert_cmpuint (called[i].move_index, ==, breach.move_index);
      /* The mistake and the moves played after it while the call travelled. */
      g_assert_cmpuint (crapette_round_get_n_moves (round) - 1 - called[i].move_index, ==,
                        played_after + 1);
      g_assert_cmpint (crapette_round_get_position (round)->to_move, ==, caller_seat);
    }
  assert_same_tables (&pair);
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_null (strstr (kept, "call-out="));
  play_on (&pair, 40);
  pair_clear (&pair);
}

static void
test_offender_to_move_russian (void)
{
  call_while_offender_to_move (CRAPETTE_VARIANT_RUSSIAN);
}

static void
test_offender_to_move_american (void)
{
  call_while_offender_to_move (CRAPETTE_VARIANT_AMERICAN);
}

/* Whether the player to move, breaking a duty now with a move that keeps the turn, could
 * play on to the end of the round before the turn passes (tried on a copy, with @player's
 * choices): if so, fills @moves with the mistake and the moves after it. */
static gboolean
find_mistake_to_round_end (const CrapetteRound *round,
                           CrapettePlayer      *player,
                           GArray              *moves)
{
  const CrapettePosition *position = crapette_round_get_position (round);
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
  gsize n = crapette_position_legal_moves (position, legal);

  for (gsize i = 0; i < n; i++)
    {
      CrapetteRound *copy;
      gboolean ended = FALSE;

      if (crapette_position_duty_broken (position, &legal[i], NULL) == CRAPETTE_REFUSAL_NONE)
        continue;
      copy = crapette_round_copy (round);
      g_array_set_size (moves, 0);
      if (crapette_round_play (copy, &legal[i], NULL))
        {
          g_array_append_val (moves, legal[i]);
          for (guint k = 0; k < 400; k++)
            {
              const CrapettePosition *now = crapette_round_get_position (copy);
              CrapettePosition view;
              CrapetteMove move;

              if (now->outcome != CRAPETTE_OUTCOME_PLAYING)
                {
                  ended = moves->len > 1;
                  break;
                }
              if (now->to_move != position->to_move)
                break;
              crapette_view_init_known (&view, now);
              crapette_player_choose (player, &view, &move);
              if (!crapette_round_play (copy, &move, NULL))
                break;
              g_array_append_val (moves, move);
            }
        }
      crapette_round_free (copy);
      if (ended)
        return TRUE;
    }
  return FALSE;
}

/* The call reaches the offender's table after the round ended there: it comes back, nothing
 * stopped, the caller's table is let go, and both go on with the next round. */
static void
test_call_after_round_end (void)
{
  Pair pair;
  g_autoptr(CrapettePlayer) scratch = crapette_player_new ("hard", 5, NULL);
  g_autoptr(GArray) rest = g_array_new (FALSE, FALSE, sizeof (CrapetteMove));
  guint offender = 0, caller;
  gboolean found = FALSE;
  CrapetteMatch *match;

  pair_init (&pair, CRAPETTE_VARIANT_AMERICAN);
  for (guint n = 0; n < 20000 && !found; n++)
    {
      const CrapetteRound *round;

      settle ();
      match = crapette_session_get_match (pair.session[0]);
      if (crapette_match_is_finished (match))
        break;
      if (!crapette_match_is_round_in_play (match))
        {
          crapette_session_next_round (pair.session[0]);
          crapette_session_next_round (pair.session[1]);
          continue;
        }
      round = pair_round (&pair, 0);
      offender = side_to_move (&pair);
      if (crapette_round_get_position (round)->move_number > 0 &&
          find_mistake_to_round_end (round, scratch, rest))
        found = TRUE;
      else
        play_chosen (&pair, offender);
    }
  if (!found)
    {
      g_test_skip ("no mistake found that the offender could play on from to the round's end");
      pair_clear (&pair);
      return;
    }
  caller = 1 - offender;
  match = crapette_session_get_match (pair.session[caller]);
  /* The mistake, seen at the caller's table, called there while the offender is to move. */
  play (&pair, offender, &g_array_index (rest, CrapetteMove, 0));
  settle ();
  g_assert_true (crapette_session_call (pair.session[caller], caller == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH,
                                        NULL));
  g_assert_true (crapette_session_get_call_out (pair.session[caller]));
  /* Before it arrives, the offender plays the round out. */
  for (guint i = 1; i < rest->len; i++)
    play (&pair, offender, &g_array_index (rest, CrapetteMove, i));
  g_assert_cmpint (crapette_round_get_position (pair_round (&pair, offender))->outcome, !=,
                   CRAPETTE_OUTCOME_PLAYING);
  settle ();
  g_assert_false (crapette_session_get_call_out (pair.session[caller]));
  g_assert_cmpuint (pair.answered[caller], ==, 1);
  g_assert_cmpuint (pair.stopped[caller], ==, 0);
  g_assert_cmpuint (count_sent (pair.link[offender], "call"), ==, 1);
  g_assert_false (crapette_round_get_last_call (pair_round (&pair, 0), NULL));
  assert_same_tables (&pair);
  /* Both go on: the next round, if the match is not over. */
  if (!crapette_match_is_finished (match))
    {
      crapette_session_next_round (pair.session[0]);
      crapette_session_next_round (pair.session[1]);
      play_on (&pair, 30);
    }
  pair_clear (&pair);
}

/* ---- The test speaks for the host ------------------------------------------- */

typedef struct
{
  CrapetteSession *session;
  CrapetteNetPeer *guest;
  NetTestLoopback *link[2];       /* 0: the test's end, 1: the guest's */
  guint64 seq;
  guint answered, stopped;
} Scripted;

static void
on_scripted_answered_cb (CrapetteSession *session,
                         gboolean         stopped,
                         Scripted        *scripted)
{
  scripted->answered++;
  if (stopped)
    scripted->stopped++;
}

static void
scripted_send (Scripted        *scripted,
               CrapetteNetKind  kind,
               const char      *payload)
{
  g_autofree char *line = crapette_net_message_seal (test_key, CRAPETTE_NET_ROLE_HOST,
                                                     ++scripted->seq, kind, payload);

  net_test_loopback_inject (scripted->link[1], line);
}

static void
scripted_init (Scripted   *scripted,
               const char *mistakes)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 seed[32];
  g_autofree char *seed_hex = NULL;
  g_autofree char *hello = NULL;

  memset (scripted, 0, sizeof *scripted);
  net_test_loopback_new_pair (&scripted->link[0], &scripted->link[1]);
  scripted->session = crapette_session_new (NULL);
  g_signal_connect (scripted->session, "call-answered", G_CALLBACK (on_scripted_answered_cb),
                    scripted);
  scripted->guest = crapette_net_peer_new (scripted->session, CRAPETTE_TRANSPORT (scripted->link[1]),
                                           CRAPETTE_NET_ROLE_GUEST, test_key, "Boris");
  crapette_net_peer_start (scripted->guest);
  memset (seed, 0x42, sizeof seed);
  seed_hex = crapette_net_format_hex (seed, sizeof seed);
  g_checksum_update (checksum, (const guchar *) "crapette-commit", sizeof "crapette-commit");
  g_checksum_update (checksum, (const guchar *) "host", sizeof "host");
  g_checksum_update (checksum, seed, sizeof seed);
  hello = g_strdup_printf ("version=1 role=host name=Mallory variant=russian "
                           "rules=reserve%%3D13%%20mistakes%%3D%s length=300", mistakes);
  scripted_send (scripted, CRAPETTE_NET_HELLO, hello);
  scripted_send (scripted, CRAPETTE_NET_COMMIT, g_checksum_get_string (checksum));
  scripted_send (scripted, CRAPETTE_NET_REVEAL, seed_hex);
  settle ();
  g_assert_cmpint (crapette_net_peer_get_state (scripted->guest), ==, CRAPETTE_NET_PEER_PLAYING);
}

static void
scripted_clear (Scripted *scripted)
{
  g_clear_object (&scripted->guest);
  g_clear_object (&scripted->session);
  g_clear_object (&scripted->link[0]);
  g_clear_object (&scripted->link[1]);
}

static const CrapetteRound *
scripted_round (Scripted *scripted)
{
  return crapette_game_get_round (crapette_session_get_game (scripted->session));
}

/* The host's move, sealed by the test; the guest must take it. */
static void
scripted_play (Scripted           *scripted,
               const CrapetteMove *move)
{
  const CrapettePosition *position = crapette_round_get_position (scripted_round (scripted));
  g_autofree char *notation = crapette_notation_format_move (position, move);
  g_autofree char *payload = g_strdup_printf ("1 %u %s", crapette_round_get_n_moves (scripted_round (scripted)),
                                              notation);

  scripted_send (scripted, CRAPETTE_NET_MOVE, payload);
  settle ();
  g_assert_cmpint (crapette_net_peer_get_state (scripted->guest), ==, CRAPETTE_NET_PEER_PLAYING);
}

/* A legal move for the player to move that is no mistake, keeping the round in play. */
static CrapetteMove
pick_move (Scripted *scripted)
{
  const CrapetteRound *round = scripted_round (scripted);
  const CrapettePosition *position = crapette_round_get_position (round);
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n = crapette_position_legal_moves (position, moves);
  gssize fallback = -1;

  for (gsize i = 0; i < n; i++)
    {
      CrapetteRound *copy;
      gboolean fresh, playing;

      if (crapette_position_duty_broken (position, &moves[i], NULL) != CRAPETTE_REFUSAL_NONE)
        continue;
      copy = crapette_round_copy (round);
      playing = crapette_round_play (copy, &moves[i], NULL) &&
                crapette_round_get_position (copy)->outcome == CRAPETTE_OUTCOME_PLAYING;
      fresh = playing && crapette_round_count_repetitions (copy) == crapette_round_count_repetitions (round);
      crapette_round_free (copy);
      if (fresh)
        return moves[i];
      if (playing && fallback < 0)
        fallback = (gssize) i;
    }
  g_assert_cmpint (fallback, >=, 0);
  return moves[fallback];
}

/* Honest moves from both until the host, to move, has a mistake at hand that keeps its
 * turn; the host plays it. */
static void
scripted_until_host_mistake (Scripted *scripted)
{
  for (guint n = 0; n < 3000; n++)
    {
      const CrapettePosition *position = crapette_round_get_position (scripted_round (scripted));
      CrapetteMove move;

      g_assert_cmpint (position->outcome, ==, CRAPETTE_OUTCOME_PLAYING);
      if (position->to_move == CRAPETTE_NORTH)
        {
          move = pick_move (scripted);
          g_assert_true (crapette_session_play (scripted->session, CRAPETTE_NORTH, &move, NULL));
          continue;
        }
      if (position->move_number > 0 &&
          net_test_find_breaking_move (scripted_round (scripted), turn_kept, NULL, &move))
        {
          scripted_play (scripted, &move);
          return;
        }
      move = pick_move (scripted);
      scripted_play (scripted, &move);
    }
  g_assert_not_reached ();
}

static const char *
last_sent (Scripted *scripted)
{
  GPtrArray *sent = net_test_loopback_get_sent (scripted->link[1]);

  g_assert_cmpuint (sent->len, >, 0);
  return g_ptr_array_index (sent, sent->len - 1);
}

/* The payload of @line, which must be of @kind. */
static const char *
payload_of (const char *line,
            const char *kind)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 4);
  const char *payload;

  g_assert_cmpuint (g_strv_length (words), ==, 4);
  g_assert_cmpstr (words[1], ==, kind);
  payload = line;
  for (guint i = 0; i < 3; i++)
    payload = strchr (payload, ' ') + 1;
  return payload;
}

/* The guest's call while the host is to move; the host's program answers that the round
 * had ended at its table: nothing is taken back, the guest's table is let go and the
 * match goes on. */
static void
test_answered_nothing_stopped (void)
{
  Scripted scripted;
  g_autofree char *expected = NULL;
  guint n_moves;
  CrapetteMove move;

  scripted_init (&scripted, "called");
  scripted_until_host_mistake (&scripted);
  n_moves = crapette_round_get_n_moves (scripted_round (&scripted));
  g_assert_true (crapette_session_call (scripted.session, CRAPETTE_NORTH, NULL));
  settle ();
  expected = g_strdup_printf ("1 %u", n_moves);
  g_assert_cmpstr (payload_of (last_sent (&scripted), "call"), ==, expected);
  g_assert_true (crapette_session_get_call_out (scripted.session));

  scripted_send (&scripted, CRAPETTE_NET_CALL, expected);
  settle ();
  g_assert_cmpint (crapette_net_peer_get_state (scripted.guest), ==, CRAPETTE_NET_PEER_PLAYING);
  g_assert_false (crapette_session_get_call_out (scripted.session));
  g_assert_cmpuint (scripted.answered, ==, 1);
  g_assert_cmpuint (scripted.stopped, ==, 0);
  g_assert_cmpuint (crapette_round_get_n_moves (scripted_round (&scripted)), ==, n_moves);
  g_assert_false (crapette_round_get_last_call (scripted_round (&scripted), NULL));
  /* The match goes on: the host's next move is taken. */
  move = pick_move (&scripted);
  scripted_play (&scripted, &move);
  g_assert_cmpuint (crapette_round_get_n_moves (scripted_round (&scripted)), ==, n_moves + 1);
  scripted_clear (&scripted);
}

/* A call the guest's table can no longer play (here: nothing to stop) goes back as it
 * came, and the guest plays on. */
static void
test_answers_nothing_stopped (void)
{
  Scripted scripted;
  g_autofree char *payload = NULL;
  CrapetteMove move;
  guint n_moves;

  scripted_init (&scripted, "called");
  for (guint n = 0; n < 3; n++)
    {
      move = pick_move (&scripted);
      if (crapette_round_get_position (scripted_round (&scripted))->to_move == CRAPETTE_SOUTH)
        scripted_play (&scripted, &move);
      else
        g_assert_true (crapette_session_play (scripted.session, CRAPETTE_NORTH, &move, NULL));
    }
  while (crapette_round_get_position (scripted_round (&scripted))->to_move == CRAPETTE_SOUTH)
    {
      move = pick_move (&scripted);
      scripted_play (&scripted, &move);
    }
  n_moves = crapette_round_get_n_moves (scripted_round (&scripted));
  payload = g_strdup_printf ("1 %u", n_moves);
  scripted_send (&scripted, CRAPETTE_NET_CALL, payload);
  settle ();
  g_assert_cmpint (crapette_net_peer_get_state (scripted.guest), ==, CRAPETTE_NET_PEER_PLAYING);
  g_assert_cmpstr (payload_of (last_sent (&scripted), "call"), ==, payload);
  g_assert_cmpuint (crapette_round_get_n_moves (scripted_round (&scripted)), ==, n_moves);
  move = pick_move (&scripted);
  g_assert_true (crapette_session_play (scripted.session, CRAPETTE_NORTH, &move, NULL));
  settle ();
  g_assert_cmpint (crapette_net_peer_get_state (scripted.guest), ==, CRAPETTE_NET_PEER_PLAYING);
  scripted_clear (&scripted);
}

static gboolean
guest_failed (gpointer data)
{
  Scripted *scripted = data;

  return crapette_net_peer_get_state (scripted->guest) == CRAPETTE_NET_PEER_FAILED;
}

/* Calls an honest program never sends: each ends the match as the host's fault, with the
 * reason said, and the moves played before kept. */
static void
test_calls_refused (void)
{
  static const struct {
    const char *name;
    const char *mistakes;
    const char *reason;
  } cases[] = {
    { "garbage", "called", "not part of a game" },
    { "three-words", "called", "not part of a game" },
    { "prevented", "prevented", "mistakes are prevented" },
    { "ahead", "called", "“Stop!” does not follow the moves on this table" },
    { "own-turn", "called", "while it was its own turn" },
    { "wrong-answer", "called", "did not call" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      Scripted scripted;
      g_autofree char *payload = NULL;
      guint n_moves;

      g_test_message ("refused call: %s", cases[c].name);
      scripted_init (&scripted, cases[c].mistakes);
      if (g_str_equal (cases[c].name, "wrong-answer"))
        {
          scripted_until_host_mistake (&scripted);
          g_assert_true (crapette_session_call (scripted.session, CRAPETTE_NORTH, NULL));
          settle ();
        }
      else
        {
          CrapetteMove move = pick_move (&scripted);

          /* South opens: its move stands; then South is to move at that index. */
          if (crapette_round_get_position (scripted_round (&scripted))->to_move == CRAPETTE_SOUTH)
            scripted_play (&scripted, &move);
          else
            g_assert_true (crapette_session_play (scripted.session, CRAPETTE_NORTH, &move, NULL));
        }
      n_moves = crapette_round_get_n_moves (scripted_round (&scripted));
      if (g_str_equal (cases[c].name, "garbage"))
        payload = g_strdup ("1 x");
      else if (g_str_equal (cases[c].name, "three-words"))
        payload = g_strdup_printf ("1 %u S: stop", n_moves);
      else if (g_str_equal (cases[c].name, "prevented"))
        payload = g_strdup_printf ("1 %u", n_moves);
      else if (g_str_equal (cases[c].name, "ahead"))
        payload = g_strdup_printf ("1 %u", n_moves + 3);
      else if (g_str_equal (cases[c].name, "own-turn"))
        {
          /* South, the sender, to move on both tables: a call it would play itself. */
          while (crapette_round_get_position (scripted_round (&scripted))->to_move == CRAPETTE_NORTH)
            {
              CrapetteMove move = pick_move (&scripted);

              g_assert_true (crapette_session_play (scripted.session, CRAPETTE_NORTH, &move, NULL));
            }
          settle ();
          n_moves = crapette_round_get_n_moves (scripted_round (&scripted));
          payload = g_strdup_printf ("1 %u", n_moves);
        }
      else
        payload = g_strdup_printf ("1 %u", n_moves + 1);
      scripted_send (&scripted, CRAPETTE_NET_CALL, payload);
      settle ();
      net_test_run_until (guest_failed, &scripted, 10 * G_TIME_SPAN_SECOND);
      g_assert_cmpint (crapette_net_peer_get_state (scripted.guest), ==, CRAPETTE_NET_PEER_FAILED);
      g_assert_cmpint (crapette_net_peer_get_end_reason (scripted.guest), ==,
                       CRAPETTE_NET_END_PEER_FAULT);
      g_assert_nonnull (strstr (crapette_net_peer_get_error (scripted.guest), cases[c].reason));
      /* The record is kept as it stood. */
      g_assert_cmpuint (crapette_round_get_n_moves (scripted_round (&scripted)), ==, n_moves);
      scripted_clear (&scripted);
    }
}

/* The caller's copy is killed while its call is out, the call lost on the way (the link cut
 * before it arrived); started again from its saved game and the match kept on disk, it
 * holds its table for the call, the two resynchronise, the call reaches the offender, and
 * comes back taking back the same moves on both tables. */
static void
test_restart_with_call_out (void)
{
  Pair pair;
  guint offender, caller;
  CrapetteSeat caller_seat;
  CrapetteBreach breach, called;
  NetTestLoopback *ends[2];
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = folder_test_new ("crapette-net-call-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "network-match.ini", NULL);
  g_autofree char *saved = NULL;
  gint64 start;

  pair_init (&pair, CRAPETTE_VARIANT_RUSSIAN);
  offender = play_until_mistake (&pair, TRUE);
  caller = 1 - offender;
  caller_seat = caller == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
  crapette_net_peer_set_state_path (pair.peer[caller], path, "how to reach the other");
  g_assert_true (crapette_round_get_breach (pair_round (&pair, caller), &breach));
  g_assert_true (crapette_session_call (pair.session[caller], caller_seat, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_session_get_call_out (pair.session[caller]));
  /* Cut before the call is delivered, and killed: the saved game is the record as it is. */
  net_test_loopback_set_cut (pair.link[caller], TRUE);
  saved = crapette_match_to_record (crapette_session_get_match (pair.session[caller]));
  g_clear_object (&pair.peer[caller]);
  g_clear_object (&pair.session[caller]);
  g_clear_object (&pair.link[caller]);
  settle ();
  g_assert_false (crapette_round_get_last_call (pair_round (&pair, offender), NULL));

  /* Started again: the saved game, then the network match from its file. */
  pair.session[caller] = crapette_session_new (NULL);
  g_signal_connect (pair.session[caller], "call-answered", G_CALLBACK (on_call_answered_cb), &pair);
  g_assert_true (crapette_session_open_record (pair.session[caller], saved, -1, &error));
  g_assert_no_error (error);
  net_test_loopback_new_pair (&ends[0], &ends[1]);
  pair.peer[caller] = crapette_net_peer_restore (pair.session[caller],
                                                 CRAPETTE_TRANSPORT (ends[caller]), path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pair.peer[caller]);
  pair.link[caller] = ends[caller];
  /* Still held for the call, before anything is heard from the other table. */
  g_assert_true (crapette_session_get_call_out (pair.session[caller]));
  g_assert_true (crapette_session_is_remote_to_move (pair.session[caller]));
  g_assert_false (crapette_session_may_call (pair.session[caller], caller_seat));

  crapette_net_peer_set_transport (pair.peer[offender], CRAPETTE_TRANSPORT (ends[offender]));
  g_clear_object (&pair.link[offender]);
  pair.link[offender] = ends[offender];
  start = g_get_monotonic_time ();
  while (crapette_session_get_call_out (pair.session[caller]) &&
         g_get_monotonic_time () - start < TIME_LIMIT_US)
    {
      settle ();
      g_usleep (1000);
    }
  g_assert_false (crapette_session_get_call_out (pair.session[caller]));
  g_assert_cmpuint (pair.stopped[caller], ==, 1);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (crapette_round_get_last_call (pair_round (&pair, i), &called));
      g_assert_cmpuint (called.move_index, ==, breach.move_index);
      g_assert_cmpint (crapette_round_get_position (pair_round (&pair, i))->to_move, ==,
                       caller_seat);
    }
  assert_same_tables (&pair);
  play_on (&pair, 40);
  pair_clear (&pair);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/call/caller-to-move-russian", test_caller_to_move_russian);
  g_test_add_func ("/net/call/caller-to-move-american", test_caller_to_move_american);
  g_test_add_func ("/net/call/offender-to-move-russian", test_offender_to_move_russian);
  g_test_add_func ("/net/call/offender-to-move-american", test_offender_to_move_american);
  g_test_add_func ("/net/call/after-round-end", test_call_after_round_end);
  g_test_add_func ("/net/call/answered-nothing-stopped", test_answered_nothing_stopped);
  g_test_add_func ("/net/call/answers-nothing-stopped", test_answers_nothing_stopped);
  g_test_add_func ("/net/call/refused", test_calls_refused);
  g_test_add_func ("/net/call/restart-with-call-out", test_restart_with_call_out);
  return g_test_run ();
}

/* xmpp-test-rejoin.c: a network match through a real Prosody survives a copy killed and
 * started again, and the server restarted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run under prosody-run.sh, which gives the server's port and certificate in
 * CRAPETTE_PROSODY_*: alice (an account) hosts, a guest sign-in joins, each with a peer and a
 * computer player in a session of its own in this process. The guest's copy is killed and
 * started again from its saved game and the network match kept on disk, whose carrier words
 * alone say how to sign in and which room to join again (never the password); the server is
 * stopped by its PID and started again mid-match. Both play on from the same move, with the
 * same record. Every wait is bounded in time; the server listens on 127.0.0.1 only.
 */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "crapette-match.h"
#include "crapette-net-carrier.h"
#include "crapette-net-peer.h"
#include "crapette-player.h"
#include "crapette-xmpp-transport.h"
#include "net-test-loopback.h"
#include "../folder-test-helpers.h"

#define TIME_LIMIT_US (120 * G_USEC_PER_SEC)

static const guint8 test_key[CRAPETTE_NET_KEY_SIZE] = "a key only the two players know";

typedef struct
{
  CrapetteSession *session[2];    /* 0: the host (South), 1: the guest (North) */
  CrapetteTransport *transport[2];
  CrapetteNetPeer *peer[2];
  CrapettePlayer *player[2];
  char *room;
  guint target_rounds;
} Table;

static CrapetteXmppAccount
account_for (guint i)
{
  const char *port = g_getenv ("CRAPETTE_PROSODY_PORT");
  CrapetteXmppAccount account = {
    .jid = i == 0 ? "alice@accounts.localhost" : "guest.localhost",
    .password = i == 0 ? "secret-1" : NULL,
    .host = "127.0.0.1",
    .port = (guint16) g_ascii_strtoull (port, NULL, 10),
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };

  return account;
}

static void
table_init (Table      *table,
            const char *state_path)
{
  static guint counter;
  CrapetteRules rules;

  memset (table, 0, sizeof *table);
  table->room = g_strdup_printf ("crapette-rejoin%u-%u@rooms.localhost", (guint) getpid (),
                                 counter++);
  table->target_rounds = 1;
  for (guint i = 0; i < 2; i++)
    {
      CrapetteXmppAccount account = account_for (i);

      table->session[i] = crapette_session_new (NULL);
      table->transport[i] = CRAPETTE_TRANSPORT (crapette_xmpp_transport_new (&account, table->room,
                                                                             i == 0 ? "Anne" : "Boris"));
      table->peer[i] = crapette_net_peer_new (table->session[i], table->transport[i],
                                              i == 0 ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST,
                                              test_key, i == 0 ? "Anne" : "Boris");
      table->player[i] = crapette_player_new ("medium", 11 + i, NULL);
    }
  if (state_path != NULL)
    {
      CrapetteXmppAccount account = account_for (1);
      g_autofree char *carrier = crapette_net_carrier_format_xmpp (&account, table->room, "Boris");

      /* The words kept on disk never hold a password. */
      g_assert_null (strstr (carrier, "secret"));
      crapette_net_peer_set_state_path (table->peer[1], state_path, carrier);
    }
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (table->peer[0], CRAPETTE_VARIANT_RUSSIAN, &rules, 300);
}

static void
table_kill (Table *table,
            guint  i)
{
  g_clear_object (&table->peer[i]);
  g_clear_object (&table->session[i]);
  if (table->transport[i] != NULL)
    crapette_transport_close (table->transport[i]);
  g_clear_object (&table->transport[i]);
}

static void
table_clear (Table *table)
{
  for (guint i = 0; i < 2; i++)
    {
      table_kill (table, i);
      g_clear_object (&table->player[i]);
    }
  g_free (table->room);
}

static gboolean
both_playing (gpointer data)
{
  Table *table = data;

  return crapette_net_peer_get_state (table->peer[0]) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (table->peer[1]) == CRAPETTE_NET_PEER_PLAYING;
}

static guint
count_moves (CrapetteSession *session)
{
  return crapette_match_count_moves (crapette_session_get_match (session));
}

/* Plays one move, or deals the next round, for side @i if it is its turn. */
static void
drive_side (Table *table,
            guint  i)
{
  CrapetteSession *session = table->session[i];
  CrapetteMatch *match = crapette_session_get_match (session);
  CrapettePosition view;
  CrapetteMove move;
  g_autoptr(GError) error = NULL;

  if (crapette_net_peer_get_state (table->peer[i]) != CRAPETTE_NET_PEER_PLAYING || match == NULL)
    return;
  if (!crapette_match_is_round_in_play (match))
    {
      if (!crapette_match_is_finished (match) &&
          crapette_match_get_n_finished_rounds (match) < table->target_rounds)
        crapette_session_next_round (session);
      return;
    }
  if (crapette_session_is_remote_to_move (session))
    return;
  crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (crapette_session_get_game (session))));
  crapette_player_choose (table->player[i], &view, &move);
  g_assert_true (crapette_session_play (session,
                                        crapette_game_get_current_player (crapette_session_get_game (session)),
                                        &move, &error));
  g_assert_no_error (error);
}

static gboolean
side_done (Table *table,
           guint  i)
{
  CrapetteMatch *match = crapette_session_get_match (table->session[i]);

  return match != NULL && !crapette_match_is_round_in_play (match) &&
         (crapette_match_is_finished (match) ||
          crapette_match_get_n_finished_rounds (match) >= table->target_rounds);
}

/* Lets both sides play, a move at a time, until @moves are on the guest's table (or, with 0,
 * until the round is over on both); neither may fail. */
static void
play_on (Table *table,
         guint  moves)
{
  gint64 start = g_get_monotonic_time ();

  while (moves > 0 ? count_moves (table->session[1]) < moves
                   : !(side_done (table, 0) && side_done (table, 1) &&
                       count_moves (table->session[0]) == count_moves (table->session[1])))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      for (guint i = 0; i < 2; i++)
        if (table->peer[i] != NULL)
          {
            if (crapette_net_peer_get_state (table->peer[i]) == CRAPETTE_NET_PEER_FAILED)
              g_error ("peer %u failed: %s", i, crapette_net_peer_get_error (table->peer[i]));
            drive_side (table, i);
          }
      /* Lines go through a server: wait a little for them rather than spin. */
      g_main_context_iteration (NULL, TRUE);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

static void
assert_same_records (Table *table)
{
  g_autofree char *host = crapette_match_to_record (crapette_session_get_match (table->session[0]));
  g_autofree char *guest = crapette_match_to_record (crapette_session_get_match (table->session[1]));

  g_assert_cmpstr (host, ==, guest);
  g_assert_nonnull (strstr (host, "South: Anne"));
  g_assert_nonnull (strstr (host, "North: Boris"));
}

static void
start (Table *table)
{
  crapette_net_peer_start (table->peer[0]);
  crapette_net_peer_start (table->peer[1]);
  g_assert_true (net_test_run_until (both_playing, table, TIME_LIMIT_US));
}

static gboolean
is_present (gpointer data)
{
  return crapette_net_peer_get_peer_present (data);
}

/* The guest's copy killed mid-match, its saved game a few moves behind; started again, it
 * finds the room and the account again from the carrier words alone, signs in as a guest,
 * rejoins, and the match goes on with the same record. */
static void
test_restart_and_rejoin (void)
{
  g_autofree char *folder = folder_test_new ("crapette-xmpp-rejoin-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "network-match.ini", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *carrier = NULL;
  g_autofree char *jid = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteNetRole role;
  guint at_save, at_kill;
  Table table;

  table_init (&table, path);
  start (&table);
  play_on (&table, 12);
  saved = crapette_match_to_record (crapette_session_get_match (table.session[1]));
  at_save = count_moves (table.session[1]);
  play_on (&table, at_save + 3);
  at_kill = count_moves (table.session[1]);

  /* Killed: gone from the room, and all it held in memory with it. */
  table_kill (&table, 1);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, "secret"));

  /* Started again: the saved game, then the carrier words kept beside it. */
  table.session[1] = crapette_session_new (NULL);
  g_assert_true (crapette_session_open_record (table.session[1], saved, -1, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_net_peer_peek_state (path, table.session[1], &role, &carrier, &error));
  g_assert_no_error (error);
  g_assert_cmpint (role, ==, CRAPETTE_NET_ROLE_GUEST);
  g_assert_true (crapette_net_carrier_is_xmpp (carrier, &jid));
  g_assert_cmpstr (jid, ==, "guest.localhost");
  table.transport[1] = crapette_net_carrier_reopen (role, carrier, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (CRAPETTE_IS_XMPP_TRANSPORT (table.transport[1]));
  table.peer[1] = crapette_net_peer_restore (table.session[1], table.transport[1], path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_moves (table.session[1]), ==, at_kill);
  g_assert_cmpint (crapette_session_get_remote_seat (table.session[1]), ==, CRAPETTE_SOUTH);

  /* Back in the room: the two resynchronise and play the round out. */
  g_assert_true (net_test_run_until (is_present, table.peer[1], TIME_LIMIT_US));
  play_on (&table, 0);
  g_assert_cmpuint (count_moves (table.session[1]), >, at_kill);
  assert_same_records (&table);
  g_assert_true (crapette_net_peer_get_peer_present (table.peer[0]));
  table_clear (&table);
}

static void
restart_server (void)
{
  const char *argv[] = { g_getenv ("CRAPETTE_PROSODY_RUN"), "restart",
                         g_getenv ("CRAPETTE_PROSODY_DIR"), NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The server stopped by its PID and started again mid-match: both sign in again, come back
 * into the room (a new one, the old went with the server), resynchronise what was lost, and
 * play the round out with the same record. */
static void
test_server_restart (void)
{
  Table table;
  guint at_restart;

  table_init (&table, NULL);
  start (&table);
  play_on (&table, 10);
  at_restart = count_moves (table.session[1]);
  restart_server ();
  play_on (&table, 0);
  g_assert_cmpuint (count_moves (table.session[1]), >, at_restart);
  assert_same_records (&table);
  g_assert_cmpuint (crapette_xmpp_transport_get_reconnections (CRAPETTE_XMPP_TRANSPORT (table.transport[0])), >=, 1);
  g_assert_cmpuint (crapette_xmpp_transport_get_reconnections (CRAPETTE_XMPP_TRANSPORT (table.transport[1])), >=, 1);
  table_clear (&table);
}

/* Damaged carrier words are refused with a message, and nothing connects. */
static void
test_damaged_words (void)
{
  const char *damaged[] = { "xmpp", "xmpp a b c", "xmpp - - room nick -", "xmpp a b - nick -",
                            "xmpp a 127.0.0.1:99999 room nick -", "xmpp a b room nick - extra",
                            "host 127.0.0.1", "host 127.0.0.1 0" };
  CrapetteXmppAccount account = { .jid = "ann@example.org", .host = "127.0.0.1", .port = 5222 };
  g_autofree char *words = crapette_net_carrier_format_xmpp (&account, "a room@rooms.example.org",
                                                            "Ann Lee");
  g_autofree char *jid = NULL;

  /* Spaces inside a value are escaped, so the words still split in six. */
  g_assert_cmpstr (words, ==, "xmpp ann%40example.org 127.0.0.1%3A5222 a%20room%40rooms.example.org Ann%20Lee -");
  g_assert_true (crapette_net_carrier_is_xmpp (words, &jid));
  g_assert_cmpstr (jid, ==, "ann@example.org");
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr(GError) error = NULL;
      CrapetteTransport *transport = crapette_net_carrier_reopen (CRAPETTE_NET_ROLE_HOST, damaged[i],
                                                                  NULL, &error);

      g_test_message ("damaged: %s", damaged[i]);
      g_assert_null (transport);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      if (g_str_has_prefix (damaged[i], "xmpp"))
        g_assert_false (crapette_net_carrier_is_xmpp (damaged[i], NULL));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xmpp/rejoin/damaged-words", test_damaged_words);
  if (g_getenv ("CRAPETTE_PROSODY_PORT") == NULL)
    {
      g_test_message ("no test Prosody: run under tests/net/prosody-run.sh");
      return g_test_run ();
    }
  g_test_add_func ("/xmpp/rejoin/restart-and-rejoin", test_restart_and_rejoin);
  g_test_add_func ("/xmpp/rejoin/server-restart", test_server_restart);
  return g_test_run ();
}

/* test-window-net-hidden.c: the window plays a friend's match dealt hidden
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window joins a match the test hosts on 127.0.0.1 over the real direct carrier with a
 * CrapetteNetPeer of its own that offers the hidden deal, as the window does: the deal is
 * hidden at both ends. The two play a few dozen moves. Whenever a card turned up at the
 * window's table waits for the two programs' keys, the window holds input back with a plain
 * word and says so in its subtitle, and never shows a card nobody has opened: every card face
 * down is unknown in its view, and its table holds no card's value not shown. Once both tables
 * are at the same move with everything shown, they are the same. A friend whose program does
 * not offer it (an older one) gets the seed deal, and the window says the deal is fair but
 * not hidden.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-direct-address.h"
#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "hidden-walk.h"
#include "ui-test-helpers.h"

typedef struct
{
  CrapetteWindow *window;
  CrapetteSession *session;       /* the friend's, who hosts */
  CrapetteDirectTransport *transport;
  CrapetteNetPeer *peer;
} Match;

static gboolean
both_playing (gpointer data)
{
  Match *match = data;
  CrapetteNetPeer *guest = crapette_window_net_get_peer (match->window);

  return guest != NULL && crapette_net_peer_get_state (guest) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (match->peer) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (guest) &&
         crapette_net_peer_get_peer_present (match->peer);
}

static const CrapetteRound *
round_of (CrapetteSession *session)
{
  return crapette_game_get_round (crapette_session_get_game (session));
}

/* Hosts a match of @variant for the window to join, the hidden deal offered when
 * @friend_offers, and waits for both to play. */
static void
start_match (Match           *match,
             CrapetteVariant  variant,
             gboolean         window_asks,
             gboolean         friend_offers)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autofree char *path = crapette_direct_certificate_get_path ();
  g_autofree char *pin = NULL;
  g_autofree char *address = NULL;
  GtkWindow *dialog;
  CrapetteRules rules;
  guint8 key[CRAPETTE_NET_KEY_SIZE];

  for (guint i = 0; i < CRAPETTE_NET_KEY_SIZE; i++)
    key[i] = (guint8) (i * 5 + 1);
  certificate = crapette_direct_certificate_load (path, &error);
  g_assert_no_error (error);
  match->transport = crapette_direct_transport_listen ("127.0.0.1", 0, certificate, &error);
  g_assert_no_error (error);
  pin = crapette_direct_certificate_get_pin (certificate);
  address = crapette_direct_address_format ("127.0.0.1",
                                            crapette_direct_transport_get_port (match->transport),
                                            pin, key);
  match->session = crapette_session_new (NULL);
  match->peer = crapette_net_peer_new (match->session, CRAPETTE_TRANSPORT (match->transport),
                                       CRAPETTE_NET_ROLE_HOST, key, "Ana");
  crapette_net_peer_set_hidden_offered (match->peer, friend_offers);
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (match->peer, variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
  crapette_net_peer_start (match->peer);

  /* Preferences' "Hide Face-Down Cards". */
  g_settings_set_boolean (settings, "network-hidden-deal", window_asks);
  match->window = crapette_window_new (NULL);
  ui_test_show_window (match->window, 1280, 800);
  g_assert_true (crapette_window_net_join (match->window, address, &error));
  g_assert_no_error (error);
  ui_test_run_until (both_playing, match, 20000, "both sides to play");
  dialog = crapette_window_net_get_dialog (match->window);
  if (dialog != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  ui_test_drain ();
  crapette_table_finish_animations (crapette_window_get_table (match->window));
}

static void
end_match (Match *match)
{
  gtk_window_destroy (GTK_WINDOW (match->window));
  ui_test_drain ();
  g_clear_object (&match->peer);
  crapette_transport_close (CRAPETTE_TRANSPORT (match->transport));
  g_clear_object (&match->transport);
  g_clear_object (&match->session);
}

/* Both tables at @moves moves, every card turned up shown at both. */
typedef struct
{
  Match *match;
  guint moves;
} Settled;

static gboolean
settled (gpointer data)
{
  Settled *wait = data;
  const CrapetteRound *friend = round_of (wait->match->session);
  const CrapetteRound *own = round_of (crapette_window_get_session (wait->match->window));

  return crapette_round_get_n_moves (friend) == wait->moves &&
         crapette_round_get_n_moves (own) == wait->moves &&
         crapette_round_find_unshown (friend, NULL) == 0 &&
         crapette_round_find_unshown (own, NULL) == 0;
}

/* The window shows no card nobody opened: each face down is unknown in its view, and its
 * table holds no card's value beyond those shown. */
static void
check_nothing_unseen (CrapetteWindow *window)
{
  CrapetteGame *game = crapette_session_get_game (crapette_window_get_session (window));
  const CrapettePosition *position = crapette_round_get_position (crapette_game_get_round (game));
  CrapetteView *view = crapette_game_get_view (game);

  hidden_walk_assert_nothing_unseen_held (position);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    for (guint depth = 0; depth < crapette_position_unknown_count (position, pile); depth++)
      g_assert_false (crapette_card_is_real (crapette_view_get_card (view, pile, depth)));
}

static void
play_hidden (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  Match match = { 0 };
  CrapetteSession *session;
  g_autoptr (CrapettePlayer) friend_player = crapette_player_new ("easy", 31, NULL);
  g_autoptr (CrapettePlayer) own_player = crapette_player_new ("easy", 32, NULL);
  Settled wait = { &match, 0 };
  guint moves = 0, held = 0, rounds = 0;

  start_match (&match, variant, TRUE, TRUE);
  session = crapette_window_get_session (match.window);
  g_assert_true (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (match.window)));
  g_assert_true (crapette_net_peer_get_deal_hidden (match.peer));
  g_assert_cmpint (crapette_session_get_remote_seat (session), ==, CRAPETTE_SOUTH);
  /* The deal's cards face up are shown once both keys came. */
  ui_test_run_until (settled, &wait, 10000, "the deal's cards face up to be shown");
  check_nothing_unseen (match.window);

  /* Four dozen moves, and on until one of the window's own turned a card up (a deal whose
   * first dozen moves turn none, about one in ten, held none); bounded in moves and rounds. */
  while ((moves < 48 || held == 0) && moves < 200 && rounds < 6)
    {
      CrapetteMatch *own_match = crapette_session_get_match (session);

      if (crapette_match_is_finished (own_match))
        break;
      if (!crapette_match_is_round_in_play (own_match))
        {
          /* A short round: the next one, dealt hidden again. */
          rounds++;
          crapette_session_next_round (match.session);
          crapette_session_next_round (session);
          wait.moves = 0;
          ui_test_run_until (settled, &wait, 10000, "the next round's cards to be shown");
          check_nothing_unseen (match.window);
          continue;
        }
      if (crapette_session_is_remote_to_move (session))
        {
          ui_test_play_one (match.session, friend_player);
          wait.moves = crapette_round_get_n_moves (round_of (match.session));
        }
      else
        {
          ui_test_play_one (session, own_player);
          wait.moves = crapette_round_get_n_moves (round_of (session));
          /* A card this move turned up waits for the friend's key: no move meanwhile. */
          if (crapette_round_find_unshown (round_of (session), NULL) > 0)
            {
              g_assert_true (crapette_window_net_card_pending (match.window));
              g_assert_true (crapette_window_refuse_input (match.window));
              g_assert_cmpstr (crapette_window_get_toast_message (match.window), ==,
                               "Wait: the card is being turned up");
              crapette_window_flush_status (match.window);
              g_assert_nonnull (strstr (adw_window_title_get_subtitle (match.window->window_title),
                                        "Turning a card up…"));
              check_nothing_unseen (match.window);
              held++;
            }
        }
      moves++;
      ui_test_run_until (settled, &wait, 10000, "the move and its cards to be shown");
      check_nothing_unseen (match.window);
      g_assert_false (crapette_window_net_card_pending (match.window));
      /* Both at the same move with everything shown: the same table. */
      g_assert_true (crapette_position_equal (crapette_round_get_position (round_of (session)),
                                              crapette_round_get_position (round_of (match.session))));
      crapette_table_finish_animations (crapette_window_get_table (match.window));
    }
  g_test_message ("%u moves, %u held for a card turned up", moves, held);
  g_assert_cmpuint (moves, >=, 12);
  g_assert_cmpuint (held, >, 0);
  g_assert_cmpint (crapette_net_peer_get_state (match.peer), ==, CRAPETTE_NET_PEER_PLAYING);
  g_assert_null (crapette_net_peer_get_evidence (match.peer));
  ui_test_save_picture (GTK_WIDGET (match.window),
                        variant == CRAPETTE_VARIANT_AMERICAN ? "net-hidden-american"
                                                             : "net-hidden-russian");
  end_match (&match);
}

static gboolean
deal_told (gpointer data)
{
  const char *message = crapette_window_get_toast_message (data);

  return message != NULL && strstr (message, "fair but not hidden") != NULL;
}

/* A friend's program that lacks the hidden deal: the seed deal, said plainly. */
static void
test_older_friend (void)
{
  Match match = { 0 };

  start_match (&match, CRAPETTE_VARIANT_RUSSIAN, TRUE, FALSE);
  g_assert_false (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (match.window)));
  g_assert_false (crapette_net_peer_get_deal_hidden (match.peer));
  ui_test_run_until (deal_told, match.window, 5000, "the window to say the deal is not hidden");
  g_assert_false (crapette_window_net_card_pending (match.window));
  end_match (&match);
}

/* Hidden unless Preferences turned it off (on by default): turned off, the seed deal, and
 * nothing said about it. */
static void
test_off_when_turned_off (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  Match match = { 0 };

  g_settings_reset (settings, "network-hidden-deal");
  g_assert_true (g_settings_get_boolean (settings, "network-hidden-deal"));
  start_match (&match, CRAPETTE_VARIANT_RUSSIAN, FALSE, TRUE);
  g_assert_false (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (match.window)));
  g_assert_false (crapette_net_peer_get_deal_hidden (match.peer));
  ui_test_run_for (1000);
  g_assert_false (deal_told (match.window));
  end_match (&match);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = folder_test_new_for_program ("crapette-window-net-hidden-XXXXXX");

  /* The host's certificate is made in a folder of the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  ui_test_init (&argc, &argv);
  g_test_add_data_func ("/window-net-hidden/russian", GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        play_hidden);
  g_test_add_data_func ("/window-net-hidden/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), play_hidden);
  g_test_add_func ("/window-net-hidden/older-friend", test_older_friend);
  g_test_add_func ("/window-net-hidden/off-when-turned-off", test_off_when_turned_off);
  return g_test_run ();
}

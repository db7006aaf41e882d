/* test-window-net.c: the window hosts a game on this network and a friend plays it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window hosts on 127.0.0.1 over the real direct carrier (TCP and TLS); the test plays
 * the friend with a CrapetteNetPeer of its own, joining by the address the window shows.
 * Both see the same code; moves go both ways; a short message, Resign with its confirmation,
 * a rematch both accept, and the friend going silent all show in the window.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-net-status.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

typedef struct
{
  CrapetteWindow *window;
  CrapetteSession *session;       /* the friend's */
  CrapetteDirectTransport *transport;
  CrapetteNetPeer *peer;
  CrapettePlayer *player;
} Match;

static gboolean
both_playing (gpointer data)
{
  Match *match = data;
  CrapetteNetPeer *host = crapette_window_net_get_peer (match->window);

  return crapette_net_peer_get_state (host) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (match->peer) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (host) && crapette_net_peer_get_peer_present (match->peer);
}

static gboolean
code_shown (gpointer data)
{
  Match *match = data;
  GtkWindow *dialog = crapette_window_net_get_dialog (match->window);

  return dialog != NULL && ui_test_find_named (GTK_WIDGET (dialog), "compare-code") != NULL;
}

static guint
n_moves (CrapetteSession *session)
{
  return crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (session)));
}

typedef struct
{
  Match *match;
  guint moves;
} MovesWait;

static gboolean
both_have_moves (gpointer data)
{
  MovesWait *wait = data;

  return n_moves (wait->match->session) == wait->moves &&
         n_moves (crapette_window_get_session (wait->match->window)) == wait->moves;
}

typedef struct
{
  CrapetteWindow *window;
  const char *text;
} ToastWait;

static gboolean
toast_starts (gpointer data)
{
  ToastWait *wait = data;
  const char *toast = crapette_window_get_toast_message (wait->window);

  return toast != NULL && g_str_has_prefix (toast, wait->text);
}

static gboolean
says_reconnecting (gpointer data)
{
  Match *match = data;
  GtkWidget *status = crapette_window_net_get_status (match->window);

  return g_str_has_prefix (crapette_net_status_get_text (CRAPETTE_NET_STATUS (status)),
                           "Reconnecting…");
}

/* The message dialog on show over @window, other than @except. */
static AdwMessageDialog *
find_message_dialog (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == window &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          toplevel != crapette_window_net_get_dialog (CRAPETTE_WINDOW (window)))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

static void
test_host_and_play (void)
{
  Match match = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *host = NULL;
  g_autofree char *pin = NULL;
  g_autofree char *friend_code = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  guint16 port;
  GtkWindow *dialog;
  GtkWidget *code_label;
  CrapetteSession *window_session;
  CrapetteNetStatus *status;
  const char *address;
  ToastWait toast_wait;
  MovesWait wait = { &match, 0 };
  AdwMessageDialog *resign;
  CrapettePlayer *host_player;

  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  window_session = crapette_window_get_session (match.window);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);

  /* The waiting dialog shows the join address; the friend joins by it. */
  dialog = crapette_window_net_get_dialog (match.window);
  g_assert_nonnull (dialog);
  address = gtk_label_get_text (
    GTK_LABEL (ui_test_find_named (GTK_WIDGET (dialog), "join-address")));
  g_assert_true (g_str_has_prefix (address, "crapette-direct://127.0.0.1:"));
  g_assert_true (crapette_direct_address_parse (address, &host, &port, &pin, key, &error));
  g_assert_no_error (error);
  friend_code = crapette_direct_certificate_short_code (pin, key);
  match.transport = crapette_direct_transport_connect (host, port, pin);
  match.session = crapette_session_new (NULL);
  match.peer = crapette_net_peer_new (match.session, CRAPETTE_TRANSPORT (match.transport),
                                      CRAPETTE_NET_ROLE_GUEST, key, "Boris");
  crapette_net_peer_start (match.peer);
  ui_test_run_until (both_playing, &match, 20000, "both sides to play");

  /* Both see the same code, and the window names its friend. */
  ui_test_run_until (code_shown, &match, 5000, "the code to compare");
  dialog = crapette_window_net_get_dialog (match.window);
  code_label = ui_test_find_named (GTK_WIDGET (dialog), "compare-code");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (code_label)), ==, friend_code);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  status = CRAPETTE_NET_STATUS (crapette_window_net_get_status (match.window));
  g_assert_cmpstr (crapette_net_status_get_text (status), ==, "Connected");
  g_assert_cmpstr (crapette_net_peer_get_peer_name (crapette_window_net_get_peer (match.window)),
                   ==, "Boris");
  g_assert_cmpint (crapette_session_get_remote_seat (window_session), ==, CRAPETTE_NORTH);

  /* Forty moves, each side playing its own turns; each arrives on the other side. */
  match.player = crapette_player_new ("easy", 11, &error);
  host_player = crapette_player_new ("easy", 12, &error);
  g_assert_no_error (error);
  wait.moves = n_moves (window_session);
  for (guint i = 0; i < 40; i++)
    {
      if (!crapette_match_is_round_in_play (crapette_session_get_match (window_session)))
        break;
      if (crapette_session_is_remote_to_move (window_session))
        ui_test_play_one (match.session, match.player);
      else
        ui_test_play_one (window_session, host_player);
      wait.moves++;
      ui_test_run_until (both_have_moves, &wait, 10000, "the move to arrive");
    }
  g_assert_cmpuint (wait.moves, >=, 10);

  /* A short message shows as a toast with the friend's name. */
  g_assert_true (crapette_net_peer_send_preset (match.peer, "good-game"));
  toast_wait.window = match.window;
  toast_wait.text = "Boris: Good game";
  ui_test_run_until (toast_starts, &toast_wait, 10000, "the short message");

  /* The friend goes silent: the window counts down. */
  crapette_net_peer_set_timing (crapette_window_net_get_peer (match.window), 300, 30000);
  crapette_net_peer_set_timing (match.peer, 60000, 60000);
  g_clear_object (&match.peer);
  crapette_session_set_remote_seat (match.session, CRAPETTE_NO_SEAT);
  ui_test_run_until (says_reconnecting, &match, 10000, "the countdown");

  /* Resign asks first, then ends the match; the window says so. */
  gtk_widget_activate_action (GTK_WIDGET (match.window), "win.net-resign", NULL);
  resign = find_message_dialog (GTK_WINDOW (match.window));
  g_assert_nonnull (resign);
  g_assert_cmpint (crapette_net_peer_get_state (crapette_window_net_get_peer (match.window)), ==,
                   CRAPETTE_NET_PEER_PLAYING);
  adw_message_dialog_response (resign, "resign");
  g_assert_cmpint (crapette_net_peer_get_end_reason (crapette_window_net_get_peer (match.window)),
                   ==, CRAPETTE_NET_END_RESIGNED);
  g_assert_cmpstr (crapette_window_get_toast_message (match.window), ==, "You resigned");

  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.transport);
  g_clear_object (&match.session);
  g_clear_object (&match.player);
  g_clear_object (&host_player);
}

static gboolean
summary_shown (gpointer data)
{
  return find_message_dialog (GTK_WINDOW (data)) != NULL;
}

static gboolean
is_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
on_offered_cb (CrapetteNetPeer *peer,
               gboolean        *offered)
{
  *offered = TRUE;
}

typedef struct
{
  gint64 until;
} TimeWait;

static gboolean
time_passed (gpointer data)
{
  return g_get_monotonic_time () >= ((TimeWait *) data)->until;
}

/* While the window waits for a friend, the computer of the game before stays still; the
 * friend resigns and both stay connected, the window shows the result with the score, and
 * the rematch it offers reaches the friend in the friend's own words. */
static void
test_waiting_resign_rematch (void)
{
  Match match = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *host = NULL;
  g_autofree char *pin = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  guint16 port;
  CrapetteSession *window_session;
  CrapetteNetStatus *status;
  AdwMessageDialog *summary;
  ToastWait toast_wait;
  gboolean offered = FALSE;
  TimeWait time_wait;
  guint before;
  guint64 deal;

  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  window_session = crapette_window_get_session (match.window);
  crapette_window_set_opponent (match.window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  for (deal = 1; deal < 50; deal++)
    {
      crapette_window_new_game (match.window, CRAPETTE_VARIANT_RUSSIAN, deal);
      if (crapette_session_is_computer_to_move (window_session))
        break;
    }
  g_assert_true (crapette_session_is_computer_to_move (window_session));
  before = n_moves (window_session);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);
  /* Two seconds: the computer, left alone, would have played by then. */
  time_wait.until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  ui_test_run_until (time_passed, &time_wait, 5000, "two seconds");
  g_assert_cmpuint (n_moves (window_session), ==, before);

  g_assert_true (crapette_direct_address_parse (
                   gtk_label_get_text (GTK_LABEL (ui_test_find_named (
                     GTK_WIDGET (crapette_window_net_get_dialog (match.window)), "join-address"))),
                   &host, &port, &pin, key, &error));
  match.transport = crapette_direct_transport_connect (host, port, pin);
  match.session = crapette_session_new (NULL);
  match.peer = crapette_net_peer_new (match.session, CRAPETTE_TRANSPORT (match.transport),
                                      CRAPETTE_NET_ROLE_GUEST, key, "Boris");
  g_signal_connect (match.peer, "rematch-offered", G_CALLBACK (on_offered_cb), &offered);
  crapette_net_peer_start (match.peer);
  ui_test_run_until (both_playing, &match, 20000, "both sides to play");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (crapette_window_net_get_dialog (match.window)),
                               "play");

  /* The friend resigns: the match is over, the two still connected. */
  crapette_net_peer_resign (match.peer);
  ui_test_run_until (summary_shown, match.window, 10000, "the match's result");
  summary = find_message_dialog (GTK_WINDOW (match.window));
  g_assert_cmpstr (adw_message_dialog_get_heading (summary), ==, "Boris Resigned: You Win");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (summary), "Score: you "));
  g_assert_true (adw_message_dialog_has_response (summary, "new-game"));
  g_assert_true (adw_message_dialog_get_response_enabled (summary, "rematch"));
  /* The match's own record says who resigned, so the saved or exported match shows it. */
  g_assert_cmpint (crapette_match_get_resigned (crapette_session_get_match (window_session)), ==,
                   CRAPETTE_NORTH);
  {
    g_autofree char *record = crapette_match_to_record (crapette_session_get_match (window_session));

    g_assert_nonnull (strstr (record, "\nResigned: north\n"));
  }
  status = CRAPETTE_NET_STATUS (crapette_window_net_get_status (match.window));
  g_assert_cmpstr (crapette_net_status_get_text (status), ==, "Connected");
  /* Nobody's cards move in a match that is over, and nobody is said to be playing. */
  g_assert_nonnull (crapette_window_net_holds_input (match.window));
  crapette_window_flush_status (match.window);
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (match.window->window_title),
                            "The match is over"));
  g_assert_null (strstr (gtk_label_get_label (match.window->south_label), "▶"));
  g_assert_null (strstr (gtk_label_get_label (match.window->north_label), "▶"));

  /* Rematch from the result: the friend hears the offer; the window says who must accept. */
  adw_message_dialog_response (summary, "rematch");
  toast_wait.window = match.window;
  toast_wait.text = "Rematch offered: it starts when Boris accepts";
  ui_test_run_until (toast_starts, &toast_wait, 5000, "the rematch offered");
  ui_test_run_until (is_set, &offered, 10000, "the offer to reach the friend");
  g_assert_true (crapette_net_peer_offer_rematch (match.peer));
  toast_wait.text = "Boris accepted the rematch";
  ui_test_run_until (toast_starts, &toast_wait, 10000, "the acceptance");
  ui_test_run_until (both_playing, &match, 20000, "the rematch to start");

  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.peer);
  g_clear_object (&match.transport);
  g_clear_object (&match.session);
}

static gboolean
summary_accepts (gpointer data)
{
  AdwMessageDialog *summary = find_message_dialog (GTK_WINDOW (data));

  return summary != NULL &&
         g_strcmp0 (adw_message_dialog_get_response_label (summary, "rematch"),
                    "_Accept the Rematch") == 0;
}

/* The friend, Boris, joins the game @match's window hosts by the address its dialog shows;
 * both compare the code and play. */
static void
join_as_friend (Match *match)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *host = NULL;
  g_autofree char *pin = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  guint16 port;

  g_assert_true (crapette_direct_address_parse (
                   gtk_label_get_text (GTK_LABEL (ui_test_find_named (
                     GTK_WIDGET (crapette_window_net_get_dialog (match->window)), "join-address"))),
                   &host, &port, &pin, key, &error));
  g_assert_no_error (error);
  match->transport = crapette_direct_transport_connect (host, port, pin);
  match->session = crapette_session_new (NULL);
  match->peer = crapette_net_peer_new (match->session, CRAPETTE_TRANSPORT (match->transport),
                                       CRAPETTE_NET_ROLE_GUEST, key, "Boris");
  crapette_net_peer_start (match->peer);
  ui_test_run_until (both_playing, match, 20000, "both sides to play");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (crapette_window_net_get_dialog (match->window)),
                               "play");
}

/* The friend resigns and offers the rematch first: the result's button then accepts it,
 * in those words, and choosing it deals the new match for both. */
static void
test_accept_rematch (void)
{
  Match match = { 0 };
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *summary;
  ToastWait toast_wait;

  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);
  join_as_friend (&match);

  crapette_net_peer_resign (match.peer);
  ui_test_run_until (summary_shown, match.window, 10000, "the match's result");
  summary = find_message_dialog (GTK_WINDOW (match.window));
  g_assert_cmpstr (adw_message_dialog_get_response_label (summary, "rematch"), ==,
                   "Offer a _Rematch");
  g_assert_true (crapette_net_peer_offer_rematch (match.peer));
  ui_test_run_until (summary_accepts, match.window, 10000, "the button to accept the offer");
  adw_message_dialog_response (find_message_dialog (GTK_WINDOW (match.window)), "rematch");
  toast_wait.window = match.window;
  toast_wait.text = "Rematch accepted: a new match is dealt";
  ui_test_run_until (toast_starts, &toast_wait, 5000, "the rematch accepted");
  ui_test_run_until (both_playing, &match, 20000, "the rematch to start");

  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.peer);
  g_clear_object (&match.transport);
  g_clear_object (&match.session);
}

static gboolean
friend_told_left (gpointer data)
{
  Match *match = data;

  return crapette_net_peer_get_state (match->peer) == CRAPETTE_NET_PEER_ENDED;
}

/* A new game of the window's own in the middle of the match with a friend: the match ends,
 * the friend is told this player left (not left waiting for a move that never comes), and the
 * new game is this screen's alone, its computer playing the other side. */
static void
test_new_game_ends_match (void)
{
  Match match = { 0 };
  g_autoptr (GError) error = NULL;
  CrapetteSession *window_session;

  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  window_session = crapette_window_get_session (match.window);
  crapette_window_set_opponent (match.window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);
  join_as_friend (&match);
  g_assert_cmpint (crapette_session_get_remote_seat (window_session), !=, CRAPETTE_NO_SEAT);

  /* As the New Game dialog's Deal does, with the opponent chosen there. */
  crapette_window_set_opponent (match.window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_window_new_game (match.window, CRAPETTE_VARIANT_RUSSIAN, 7);
  g_assert_null (crapette_window_net_get_peer (match.window));
  g_assert_cmpint (crapette_session_get_remote_seat (window_session), ==, CRAPETTE_NO_SEAT);
  g_assert_nonnull (crapette_session_get_player (window_session, CRAPETTE_NORTH));
  ui_test_run_until (friend_told_left, &match, 10000, "the friend to hear of it");
  g_assert_cmpint (crapette_net_peer_get_end_reason (match.peer), ==, CRAPETTE_NET_END_PEER_LEFT);

  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.peer);
  g_clear_object (&match.transport);
  g_clear_object (&match.session);
}

/* Whether the New Game dialog is on show over the window @data. */
static gboolean
new_game_asked (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == data &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (toplevel)),
                     "New Game") == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
rematch_disabled (gpointer data)
{
  AdwMessageDialog *summary = find_message_dialog (GTK_WINDOW (data));

  return summary != NULL && !adw_message_dialog_get_response_enabled (summary, "rematch");
}

/* The friend leaves mid-match: the window shows the result as after a resignation, saying who
 * left and the score, with New Game and no rematch (nobody is there to answer one); New Game
 * opens the dialog of a new game. A friend who resigns and then leaves takes the rematch away
 * from the result on show. */
static void
test_friend_left_result (void)
{
  Match match = { 0 };
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *summary;

  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);
  join_as_friend (&match);

  crapette_net_peer_leave (match.peer);
  ui_test_run_until (summary_shown, match.window, 10000, "the match's result");
  summary = find_message_dialog (GTK_WINDOW (match.window));
  g_assert_cmpstr (adw_message_dialog_get_heading (summary), ==, "Boris Left the Match");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (summary), "Score: you "));
  g_assert_true (adw_message_dialog_has_response (summary, "new-game"));
  g_assert_false (adw_message_dialog_get_response_enabled (summary, "rematch"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (summary), ==, "new-game");
  g_assert_cmpint (crapette_match_get_resigned (
                     crapette_session_get_match (crapette_window_get_session (match.window))),
                   ==, CRAPETTE_NO_SEAT);
  adw_message_dialog_response (summary, "new-game");
  ui_test_run_until (new_game_asked, match.window, 5000, "the New Game dialog");
  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.peer);
  g_clear_object (&match.transport);
  g_clear_object (&match.session);

  /* Resigned, then gone: the rematch goes from the result. */
  match.window = crapette_window_new (NULL);
  ui_test_show_window (match.window, 1280, 800);
  g_assert_true (crapette_window_net_host (match.window, "127.0.0.1", &error));
  g_assert_no_error (error);
  join_as_friend (&match);
  crapette_net_peer_resign (match.peer);
  ui_test_run_until (summary_shown, match.window, 10000, "the match's result");
  g_assert_true (adw_message_dialog_get_response_enabled (find_message_dialog (
                                                            GTK_WINDOW (match.window)), "rematch"));
  crapette_net_peer_leave (match.peer);
  ui_test_run_until (rematch_disabled, match.window, 10000, "the rematch to go");
  gtk_window_destroy (GTK_WINDOW (match.window));
  ui_test_drain ();
  crapette_transport_close (CRAPETTE_TRANSPORT (match.transport));
  g_clear_object (&match.peer);
  g_clear_object (&match.transport);
  g_clear_object (&match.session);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = folder_test_new_for_program ("crapette-window-net-XXXXXX");

  /* The host's certificate is made in a folder of the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  ui_test_init (&argc, &argv);
  g_test_add_func ("/window-net/host-and-play", test_host_and_play);
  g_test_add_func ("/window-net/waiting-resign-rematch", test_waiting_resign_rematch);
  g_test_add_func ("/window-net/accept-rematch", test_accept_rematch);
  g_test_add_func ("/window-net/new-game-ends-match", test_new_game_ends_match);
  g_test_add_func ("/window-net/friend-left-result", test_friend_left_result);
  return g_test_run ();
}

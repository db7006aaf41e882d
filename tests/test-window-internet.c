/* test-window-internet.c: New Game offers a friend on this network and over the internet;
 * over the internet, two windows meet through a real Prosody and play; a window closed and
 * opened again rejoins with the password from the keyring
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run under tests/net/prosody-run.sh, which starts the test's own Prosody on 127.0.0.1 and
 * stops it by its PID, inside tests/keyring-run.sh, which gives the test a session bus of
 * its own: with no Secret Service on it (CRAPETTE_KEYRING=none), one window signs in with an
 * account (alice) and makes an invitation; the other signs in as a guest, pastes the
 * invitation and joins. Both see the connection, the same code, and play a few moves each
 * way. With an unlocked keyring on it (CRAPETTE_KEYRING=unlocked), the host's window keeps
 * the password there, is closed mid-match and opened again, and plays on with a friend that
 * waited. Every wait is bounded in time.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-invitation.h"
#include "crapette-keyring.h"
#include "crapette-net-internet-dialog.h"
#include "crapette-net-status.h"
#include "crapette-xmpp-transport.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"



/* The message dialog on show over @window that is not the window's network dialog, and is
 * named @name when that is not %NULL. */
static AdwMessageDialog *
find_dialog_named (CrapetteWindow *window,
                   const char     *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) &&
          gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window) &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          toplevel != crapette_window_net_get_dialog (window) &&
          (name == NULL || g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (toplevel)), name) == 0))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

/* The message dialog on show over @window that is not the window's network dialog. */
static AdwMessageDialog *
find_message_dialog (CrapetteWindow *window)
{
  return find_dialog_named (window, NULL);
}

/* Chooses opponent @opponent in New Game and deals. */
static void
choose_in_new_game (CrapetteWindow *window,
                    guint           variant,
                    guint           opponent)
{
  AdwMessageDialog *dialog;
  GtkStringList *names;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  ui_test_drain ();
  dialog = find_message_dialog (window);
  g_assert_nonnull (dialog);
  names = GTK_STRING_LIST (adw_combo_row_get_model (g_object_get_data (G_OBJECT (dialog),
                                                                       "opponent-row")));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (names)), ==, CRAPETTE_N_OPPONENTS + 2);
  g_assert_cmpstr (gtk_string_list_get_string (names, CRAPETTE_WINDOW_FRIEND_NEARBY), ==,
                   "A friend on this network");
  g_assert_cmpstr (gtk_string_list_get_string (names, CRAPETTE_WINDOW_FRIEND_INTERNET), ==,
                   "A friend over the internet");
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (dialog), "variant-row"), variant);
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (dialog), "opponent-row"), opponent);
  adw_message_dialog_response (dialog, "deal");
  ui_test_drain ();
}

/* New Game's two friends: on this network asks host or join and opens the join dialog; over
 * the internet opens the internet dialog. Neither is remembered as the opponent. */
static void
test_new_game_friends (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window;
  g_autofree char *opponent = NULL;
  GtkWindow *friend;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  window = crapette_window_new (NULL);
  ui_test_show_window (window, 1280, 800);
  g_settings_set_string (settings, "opponent", "computer-hard");
  choose_in_new_game (window, CRAPETTE_VARIANT_AMERICAN, CRAPETTE_WINDOW_FRIEND_NEARBY);
  friend = crapette_window_get_friend_dialog (window);
  g_assert_nonnull (friend);
  g_assert_cmpint (g_settings_get_enum (settings, "variant"), ==, CRAPETTE_VARIANT_AMERICAN);
  opponent = g_settings_get_string (settings, "opponent");
  g_assert_cmpstr (opponent, ==, "computer-hard");
  g_assert_null (crapette_window_net_get_dialog (window));
  /* A click answers and closes; the test answers, then closes it as the click would. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (friend), "join");
  gtk_window_close (friend);
  ui_test_drain ();
  g_assert_null (crapette_window_get_friend_dialog (window));
  g_assert_nonnull (crapette_window_net_get_dialog (window));
  gtk_window_destroy (crapette_window_net_get_dialog (window));
  ui_test_drain ();

  g_assert_null (crapette_window_internet_get_dialog (window));
  choose_in_new_game (window, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_WINDOW_FRIEND_INTERNET);
  g_assert_nonnull (crapette_window_internet_get_dialog (window));
  g_assert_null (crapette_window_get_friend_dialog (window));
  g_assert_cmpint (g_settings_get_enum (settings, "variant"), ==, CRAPETTE_VARIANT_RUSSIAN);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* The label of the item of @menu's sections that activates @action, or NULL. */
static char *
menu_label_of (GMenuModel *menu,
               const char *action)
{
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *item_action = NULL;
          char *label = NULL;

          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s",
                                           &item_action);
          if (g_strcmp0 (item_action, action) != 0)
            continue;
          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          return label;
        }
    }
  return NULL;
}

/* The main menu offers the three ways to play a friend, and its internet item opens the
 * internet dialog. */
static void
test_main_menu_friends (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window;
  GMenuModel *menu;
  g_autofree char *host = NULL;
  g_autofree char *join = NULL;
  g_autofree char *internet = NULL;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  window = crapette_window_new (NULL);
  ui_test_show_window (window, 1280, 800);
  menu = gtk_menu_button_get_menu_model (window->menu_button);
  host = menu_label_of (menu, "win.net-host");
  join = menu_label_of (menu, "win.net-join");
  internet = menu_label_of (menu, "win.net-internet");
  g_assert_cmpstr (host, ==, "Host a Game on This Network");
  g_assert_cmpstr (join, ==, "Join a Friend’s Game…");
  g_assert_cmpstr (internet, ==, "Play a Friend over the Internet…");

  g_assert_null (crapette_window_internet_get_dialog (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.net-internet", NULL));
  ui_test_drain ();
  g_assert_nonnull (crapette_window_internet_get_dialog (window));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

static void
count_move_cb (CrapetteGame *game,
               gpointer      unused,
               guint        *moves)
{
  (*moves)++;
}

static gboolean
moved_cb (gpointer data)
{
  return *(guint *) data > 0;
}


/* While the internet dialog is open over a game against the computer, the computer waits;
 * once it is closed, the computer plays on. */
static void
test_computer_waits_behind (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window;
  CrapetteGame *game;
  guint moves = 0;
  guint64 deal = 1;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  g_settings_set_string (settings, "opponent", "computer-medium");
  window = crapette_window_new (NULL);
  ui_test_show_window (window, 1280, 800);
  crapette_computer_turn_set_pace (crapette_window_get_computer (window), 0);
  game = crapette_window_get_game (window);
  /* A deal where the computer (North) plays first; the dialog opens before its first move. */
  crapette_session_set_opponent (window->session, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  do
    crapette_session_new_match (window->session, CRAPETTE_VARIANT_RUSSIAN, deal++);
  while (crapette_game_get_current_player (game) != CRAPETTE_NORTH && deal < 100);
  g_assert_cmpint (crapette_game_get_current_player (game), ==, CRAPETTE_NORTH);
  g_assert_true (crapette_computer_turn_is_computer_to_move (
    crapette_window_get_computer (window)));
  g_signal_connect (game, "move-applied", G_CALLBACK (count_move_cb), &moves);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.net-internet", NULL));
  g_assert_nonnull (crapette_window_internet_get_dialog (window));

  ui_test_run_for (1500);
  g_assert_cmpuint (moves, ==, 0);
  g_assert_false (crapette_computer_turn_is_thinking (crapette_window_get_computer (window)));

  gtk_window_destroy (GTK_WINDOW (crapette_window_internet_get_dialog (window)));
  ui_test_run_until (moved_cb, &moves, 30000, "the computer's move once the dialog is gone");

  g_signal_handlers_disconnect_by_data (game, &moves);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

typedef struct
{
  CrapetteWindow *host;
  CrapetteWindow *guest;
} Pair;

static void
type_into (GtkWidget  *dialog,
           const char *name,
           const char *text)
{
  GtkWidget *row = ui_test_find_named (dialog, name);

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
}

static const char *
label_text (GtkWidget  *dialog,
            const char *name)
{
  GtkWidget *label = ui_test_find_named (dialog, name);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

static void
click (GtkWidget  *dialog,
       const char *name)
{
  GtkWidget *button = ui_test_find_named (dialog, name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static gboolean
invitation_made (gpointer data)
{
  const char *made = crapette_net_internet_dialog_get_invitation (CRAPETTE_NET_INTERNET_DIALOG (data));

  /* A new one: the attempt refused before may have left its own. */
  return made != NULL && g_strcmp0 (made, g_object_get_data (data, "refused-invitation")) != 0;
}

static gboolean
in_room (gpointer data)
{
  GtkWidget *dialog = GTK_WIDGET (crapette_window_internet_get_dialog (data));

  return dialog != NULL &&
         g_str_has_prefix (label_text (dialog, "xmpp-connection"), "Signed in and in the game");
}

static gboolean
both_playing (gpointer data)
{
  Pair *pair = data;
  CrapetteNetPeer *host = crapette_window_net_get_peer (pair->host);
  CrapetteNetPeer *guest = crapette_window_net_get_peer (pair->guest);

  return host != NULL && guest != NULL &&
         crapette_net_peer_get_state (host) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (guest) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (host) && crapette_net_peer_get_peer_present (guest);
}

static gboolean
codes_shown (gpointer data)
{
  Pair *pair = data;
  GtkWindow *host = crapette_window_net_get_dialog (pair->host);
  GtkWindow *guest = crapette_window_net_get_dialog (pair->guest);

  return host != NULL && guest != NULL &&
         ui_test_find_named (GTK_WIDGET (host), "compare-code") &&
         ui_test_find_named (GTK_WIDGET (guest), "compare-code");
}

static gboolean
error_shown (gpointer data)
{
  GtkWidget *dialog = GTK_WIDGET (crapette_window_internet_get_dialog (data));

  return dialog != NULL && gtk_widget_get_visible (ui_test_find_named (dialog, "xmpp-error"));
}

/* The keyring answered the dialog's question: reachable or not. On a session bus with no
 * Secret Service, the dialog must say so and not offer to remember. */
static gboolean
keyring_answered (gpointer data)
{
  GtkWidget *dialog = GTK_WIDGET (crapette_window_internet_get_dialog (data));

  return dialog != NULL &&
         !gtk_widget_get_sensitive (ui_test_find_named (dialog, "xmpp-remember"));
}

static guint
n_moves (CrapetteWindow *window)
{
  CrapetteSession *session = crapette_window_get_session (window);

  return crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (session)));
}

typedef struct
{
  Pair *pair;
  guint moves;
} MovesWait;

static gboolean
both_have_moves (gpointer data)
{
  MovesWait *wait = data;

  /* Both windows deal hidden: a card turned up waits for both keys before the next move. */
  return n_moves (wait->pair->host) == wait->moves && n_moves (wait->pair->guest) == wait->moves &&
         !crapette_window_net_card_pending (wait->pair->host) &&
         !crapette_window_net_card_pending (wait->pair->guest);
}

static void
play_one (CrapetteWindow *window,
          CrapettePlayer *player)
{
  ui_test_play_one (crapette_window_get_session (window), player);
}

static gboolean
guest_told_good_game (gpointer data)
{
  const char *toast = crapette_window_get_toast_message (data);

  return toast != NULL && g_str_has_suffix (toast, ": Good game");
}

/* Two windows meet over the internet: an account invites, a guest joins by the invitation. */
static void
test_invite_and_join (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *server = g_strdup_printf ("127.0.0.1:%s", g_getenv ("CRAPETTE_PROSODY_PORT"));
  g_autofree char *invitation = NULL;
  g_autofree char *refused_invitation = NULL;
  g_autofree char *host_code = NULL;
  g_autoptr (CrapettePlayer) host_player = NULL;
  g_autoptr (CrapettePlayer) guest_player = NULL;
  g_autoptr (GError) error = NULL;
  Pair pair;
  MovesWait wait = { &pair, 0 };
  GtkWidget *host_dialog, *guest_dialog;
  GtkWindow *compare;
  CrapetteNetStatus *status;
  CrapetteSession *host_session;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  g_settings_set_string (settings, "xmpp-server", server);
  /* No chat service set: the host's server is asked for its own (it names rooms.localhost,
   * where "conference.accounts.localhost" would be the guess). */
  g_settings_set_string (settings, "xmpp-rooms", "");
  /* Both ask for the hidden deal in Preferences. */
  g_settings_set_boolean (settings, "network-hidden-deal", TRUE);
  pair.host = crapette_window_new (NULL);
  pair.guest = crapette_window_new (NULL);
  ui_test_show_window (pair.host, 1280, 800);
  ui_test_show_window (pair.guest, 1280, 800);

  /* The host signs in with an account and makes an invitation. */
  gtk_widget_activate_action (GTK_WIDGET (pair.host), "win.net-internet", NULL);
  host_dialog = GTK_WIDGET (crapette_window_internet_get_dialog (pair.host));
  g_assert_nonnull (host_dialog);
  type_into (host_dialog, "xmpp-address", "alice@accounts.localhost");
  /* Without a password an account cannot sign in: the button waits for one. */
  g_assert_false (gtk_widget_get_sensitive (ui_test_find_named (host_dialog, "xmpp-invite")));
  type_into (host_dialog, "xmpp-password", "wrong-password");
  click (host_dialog, "xmpp-invite");
  /* A wrong password: the dialog is back on the account, saying why. */
  ui_test_run_until (error_shown, pair.host, 20000, "the refused sign-in");
  g_test_message ("refused: %s", label_text (host_dialog, "xmpp-error"));
  type_into (host_dialog, "xmpp-password", "secret-1");
  refused_invitation = g_strdup (crapette_net_internet_dialog_get_invitation (
    CRAPETTE_NET_INTERNET_DIALOG (host_dialog)));
  g_object_set_data (G_OBJECT (host_dialog), "refused-invitation", refused_invitation);
  click (host_dialog, "xmpp-invite");
  ui_test_run_until (invitation_made, host_dialog, 20000, "the invitation");
  invitation = g_strdup (crapette_net_internet_dialog_get_invitation (
    CRAPETTE_NET_INTERNET_DIALOG (host_dialog)));
  g_assert_nonnull (invitation);
  g_assert_true (g_str_has_prefix (invitation, "xmpp:crapette-"));
  g_assert_true (strstr (invitation, "@rooms.localhost?join;secret=") != NULL);
  g_assert_cmpstr (label_text (host_dialog, "xmpp-invitation-text"), ==, invitation);
  ui_test_run_until (in_room, pair.host, 20000, "the host in the room");
  /* Signed in and in the room: the header says the host waits for the friend. */
  g_assert_cmpstr (crapette_net_status_get_text (CRAPETTE_NET_STATUS (
                     crapette_window_net_get_status (pair.host))), ==, "Waiting for your friend…");
  /* The address is kept for next time; the password never is. */
  {
    g_autofree char *kept = g_settings_get_string (settings, "xmpp-address");

    g_assert_cmpstr (kept, ==, "alice@accounts.localhost");
  }

  /* The friend signs in as a guest; a damaged invitation is refused with a reason. */
  gtk_widget_activate_action (GTK_WIDGET (pair.guest), "win.net-internet", NULL);
  guest_dialog = GTK_WIDGET (crapette_window_internet_get_dialog (pair.guest));
  ui_test_run_until (keyring_answered, pair.guest, 10000, "the keyring's answer");
  /* Said in the program's own words, without D-Bus's text in brackets. */
  {
    GtkWidget *row = gtk_widget_get_ancestor (ui_test_find_named (guest_dialog, "xmpp-remember"),
                                              ADW_TYPE_ACTION_ROW);
    const char *said = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

    g_assert_cmpstr (said, ==, "No keyring answered on this computer, so the password cannot be "
                               "remembered: it is asked for each time you sign in.");
  }
  g_assert_false (crapette_net_internet_dialog_get_remember (
    CRAPETTE_NET_INTERNET_DIALOG (guest_dialog)));
  type_into (guest_dialog, "xmpp-address", "guest.localhost");
  g_assert_false (gtk_widget_get_sensitive (ui_test_find_named (guest_dialog, "xmpp-password")));
  type_into (guest_dialog, "xmpp-invitation", "xmpp:crapette-zzzz@rooms.localhost?join");
  click (guest_dialog, "xmpp-join");
  g_assert_true (gtk_widget_get_visible (ui_test_find_named (guest_dialog, "xmpp-error")));
  g_test_message ("refused: %s", label_text (guest_dialog, "xmpp-error"));
  g_assert_null (crapette_window_net_get_peer (pair.guest));
  type_into (guest_dialog, "xmpp-invitation", invitation);
  click (guest_dialog, "xmpp-join");

  /* Both programs meet: the internet dialogs close, and both show the same code. */
  ui_test_run_until (both_playing, &pair, 30000, "both sides to play");
  ui_test_run_until (codes_shown, &pair, 10000, "the codes to compare");
  g_assert_null (crapette_window_internet_get_dialog (pair.host));
  g_assert_null (crapette_window_internet_get_dialog (pair.guest));
  compare = crapette_window_net_get_dialog (pair.host);
  host_code = g_strdup (gtk_label_get_text (GTK_LABEL (ui_test_find_named (GTK_WIDGET (compare),
                                                                   "compare-code"))));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ui_test_find_named (
                     GTK_WIDGET (crapette_window_net_get_dialog (pair.guest)), "compare-code"))),
                   ==, host_code);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (compare), "play");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (crapette_window_net_get_dialog (pair.guest)),
                               "play");
  status = CRAPETTE_NET_STATUS (crapette_window_net_get_status (pair.guest));
  g_assert_cmpstr (crapette_net_status_get_text (status), ==, "Connected");
  status = CRAPETTE_NET_STATUS (crapette_window_net_get_status (pair.host));
  g_assert_cmpstr (crapette_net_status_get_text (status), ==, "Connected");
  host_session = crapette_window_get_session (pair.host);
  g_assert_cmpint (crapette_session_get_remote_seat (host_session), ==, CRAPETTE_NORTH);
  g_assert_cmpint (crapette_session_get_remote_seat (crapette_window_get_session (pair.guest)),
                   ==, CRAPETTE_SOUTH);
  /* Two windows of this version that ask for it: the deal is hidden at both. */
  g_assert_true (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (pair.host)));
  g_assert_true (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (pair.guest)));

  /* A dozen moves at least, each played at its own side's window, each seen at the other. */
  host_player = crapette_player_new ("easy", 21, &error);
  guest_player = crapette_player_new ("easy", 22, &error);
  g_assert_no_error (error);
  wait.moves = n_moves (pair.host);
  ui_test_run_until (both_have_moves, &wait, 10000, "the deal's cards face up to be shown");
  for (guint i = 0; i < 30; i++)
    {
      if (!crapette_match_is_round_in_play (crapette_session_get_match (host_session)))
        break;
      if (crapette_session_is_remote_to_move (host_session))
        play_one (pair.guest, guest_player);
      else
        play_one (pair.host, host_player);
      wait.moves++;
      ui_test_run_until (both_have_moves, &wait, 10000, "the move to arrive");
    }
  g_assert_cmpuint (wait.moves, >=, 12);
  {
    g_autofree char *host_record = crapette_match_to_record (crapette_session_get_match (host_session));
    g_autofree char *guest_record = crapette_match_to_record (
      crapette_session_get_match (crapette_window_get_session (pair.guest)));

    g_assert_cmpstr (host_record, ==, guest_record);
  }
  /* A short message from the host's menu reaches the guest's table through the room. */
  gtk_widget_activate_action (GTK_WIDGET (pair.host), "win.net-preset", "s", "good-game");
  ui_test_run_until (guest_told_good_game, pair.guest, 10000, "the short message");

  /* A new invitation from the host ends this match; its dialog follows its own connection
   * only, not the one of the match before as that one closes. (Both windows share the
   * test's settings, so the address kept is the guest's: the host types its own.) */
  gtk_widget_activate_action (GTK_WIDGET (pair.host), "win.net-internet", NULL);
  host_dialog = GTK_WIDGET (crapette_window_internet_get_dialog (pair.host));
  g_assert_nonnull (host_dialog);
  type_into (host_dialog, "xmpp-address", "alice@accounts.localhost");
  type_into (host_dialog, "xmpp-password", "secret-1");
  click (host_dialog, "xmpp-invite");
  ui_test_run_until (in_room, pair.host, 20000, "the host in the new invitation's room");
  g_assert_false (gtk_widget_get_visible (ui_test_find_named (host_dialog, "xmpp-error")));
  g_assert_cmpstr (crapette_net_internet_dialog_get_invitation (
                     CRAPETTE_NET_INTERNET_DIALOG (host_dialog)), !=, invitation);

  gtk_window_destroy (GTK_WINDOW (pair.guest));
  gtk_window_destroy (GTK_WINDOW (pair.host));
  ui_test_drain ();
}

/* ---- The keyring: a window closed mid-match and opened again rejoins ---------------- */

typedef struct
{
  gboolean answered;
  char *password;
} KeyringAnswer;

static void
on_kept_password_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  KeyringAnswer *answer = data;
  g_autoptr (GError) error = NULL;

  answer->password = crapette_keyring_lookup_finish (result, &error);
  g_assert_no_error (error);
  answer->answered = TRUE;
}

static gboolean
keyring_has_answered (gpointer data)
{
  return ((KeyringAnswer *) data)->answered;
}

/* The password the keyring keeps for @address, or NULL; the keyring must be reachable. */
static char *
kept_password (const char *address)
{
  KeyringAnswer answer = { FALSE, NULL };

  crapette_keyring_lookup (address, NULL, on_kept_password_cb, &answer);
  ui_test_run_until (keyring_has_answered, &answer, 10000, "the keyring's answer");
  return answer.password;
}

static gboolean
remember_offered (gpointer data)
{
  GtkWidget *dialog = GTK_WIDGET (crapette_window_internet_get_dialog (data));

  return dialog != NULL && gtk_widget_get_sensitive (ui_test_find_named (dialog, "xmpp-remember"));
}

/* The friend: a program with no window, signed in as a guest, in the invitation's room. */
typedef struct
{
  CrapetteSession *session;
  CrapetteTransport *transport;
  CrapetteNetPeer *peer;
  CrapettePlayer *player;
} Friend;

static void
friend_join (Friend     *friend,
             const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CrapetteInvitation) invitation = crapette_invitation_parse (text, &error);
  CrapetteXmppAccount account = {
    .jid = "guest.localhost",
    .host = "127.0.0.1",
    .port = (guint16) g_ascii_strtoull (g_getenv ("CRAPETTE_PROSODY_PORT"), NULL, 10),
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };

  g_assert_no_error (error);
  friend->session = crapette_session_new (NULL);
  friend->transport = CRAPETTE_TRANSPORT (crapette_xmpp_transport_new (
    &account, crapette_invitation_get_room (invitation), "Boris"));
  friend->peer = crapette_net_peer_new (friend->session, friend->transport,
                                        CRAPETTE_NET_ROLE_GUEST,
                                        crapette_invitation_get_key (invitation), "Boris");
  /* A program of this version: it deals hidden when the window does. */
  crapette_net_peer_set_hidden_offered (friend->peer, TRUE);
  friend->player = crapette_player_new ("easy", 23, &error);
  g_assert_no_error (error);
  crapette_net_peer_start (friend->peer);
}

static void
friend_clear (Friend *friend)
{
  g_clear_object (&friend->peer);
  g_clear_object (&friend->session);
  if (friend->transport != NULL)
    crapette_transport_close (friend->transport);
  g_clear_object (&friend->transport);
  g_clear_object (&friend->player);
}

typedef struct
{
  CrapetteWindow *window;
  Friend *friend;
} Meeting;

/* Both ends play, and each knows the other is there. */
static gboolean
met (gpointer data)
{
  Meeting *meeting = data;
  CrapetteNetPeer *host = crapette_window_net_get_peer (meeting->window);
  CrapetteNetPeer *guest = meeting->friend->peer;

  return host != NULL &&
         crapette_net_peer_get_state (host) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (guest) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (host) && crapette_net_peer_get_peer_present (guest);
}

static gboolean
friend_absent (gpointer data)
{
  return !crapette_net_peer_get_peer_present (((Friend *) data)->peer);
}

static guint
friend_moves (Friend *friend)
{
  return crapette_round_get_n_moves (
    crapette_game_get_round (crapette_session_get_game (friend->session)));
}

typedef struct
{
  Meeting *meeting;
  guint moves;
} MeetingMoves;

static gboolean
both_at (gpointer data)
{
  MeetingMoves *wait = data;

  /* Dealt hidden, a card turned up waits for both keys before the next move. */
  return n_moves (wait->meeting->window) == wait->moves &&
         friend_moves (wait->meeting->friend) == wait->moves &&
         !crapette_window_net_card_pending (wait->meeting->window) &&
         crapette_round_find_unshown (crapette_game_get_round (crapette_session_get_game (
                                        wait->meeting->friend->session)), NULL) == 0;
}

/* Plays @count moves, each at the side whose turn it is, each seen at the other. */
static void
play_moves (Meeting        *meeting,
            CrapettePlayer *host_player,
            guint           count)
{
  CrapetteSession *session = crapette_window_get_session (meeting->window);
  MeetingMoves wait = { meeting, n_moves (meeting->window) };

  ui_test_run_until (both_at, &wait, 20000, "the cards dealt face up to be shown");
  for (guint i = 0; i < count; i++)
    {
      g_assert_true (crapette_match_is_round_in_play (crapette_session_get_match (session)));
      if (crapette_session_is_remote_to_move (session))
        ui_test_play_one (meeting->friend->session, meeting->friend->player);
      else
        play_one (meeting->window, host_player);
      wait.moves++;
      ui_test_run_until (both_at, &wait, 20000, "the move to arrive");
    }
}

static void
assert_same_record (Meeting *meeting)
{
  g_autofree char *host = crapette_match_to_record (
    crapette_session_get_match (crapette_window_get_session (meeting->window)));
  g_autofree char *guest = crapette_match_to_record (
    crapette_session_get_match (meeting->friend->session));

  g_assert_cmpstr (host, ==, guest);
}

/* The dialog asking the account's password to rejoin, on show over @window, or NULL. */
static AdwMessageDialog *
find_password_dialog (CrapetteWindow *window)
{
  return find_dialog_named (window, "net-password");
}

static gboolean
password_asked (gpointer data)
{
  return find_password_dialog (data) != NULL;
}

/* The password dialog, asked again, says why the last password did not sign in. */
static gboolean
password_refused (gpointer data)
{
  AdwMessageDialog *dialog = find_password_dialog (data);

  return dialog != NULL && gtk_widget_get_visible (ui_test_find_named (GTK_WIDGET (dialog),
                                                                       "xmpp-error"));
}

/* The text the person types into, inside @widget (an entry row), or NULL. */
static GtkWidget *
find_text (GtkWidget *widget)
{
  if (GTK_IS_TEXT (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Answers the password dialog with @response, then closes it as a click on its button does. */
static void
answer_password (AdwMessageDialog *dialog,
                 const char       *response)
{
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, response));
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
  ui_test_drain ();
}

/* The host signs in with an account and keeps the password in the keyring; a friend joins
 * and they play. The host's window is closed mid-match (the copy quits, as when the
 * computer is shut down: the friend is not told goodbye) and opened again: it finds the
 * password in the keyring, signs in again without asking, rejoins the room, and the match
 * goes on from the same move with the friend who waited. */
static void
test_keyring_rejoin (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *server = g_strdup_printf ("127.0.0.1:%s", g_getenv ("CRAPETTE_PROSODY_PORT"));
  g_autofree char *invitation = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (CrapettePlayer) host_player = NULL;
  g_autoptr (GError) error = NULL;
  Friend friend = { NULL };
  Meeting meeting = { NULL, &friend };
  AdwMessageDialog *new_game;
  GtkWidget *dialog;
  guint before;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  g_settings_set_string (settings, "xmpp-server", server);
  g_settings_set_string (settings, "xmpp-rooms", "rooms.localhost");
  g_settings_set_string (settings, "south-name", "Anne");
  /* Dealt hidden, as by default: a copy closed mid-round rejoins it all the same. */
  g_settings_reset (settings, "network-hidden-deal");
  host_player = crapette_player_new ("easy", 24, &error);
  g_assert_no_error (error);
  g_assert_null (kept_password ("alice@accounts.localhost"));
  /* Forgetting a password never kept, as signing in with "Remember" off does, is nothing:
   * libsecret answers FALSE without an error, which crashed the window. The lookup after it
   * is answered after it, so its answer has been taken by then. */
  crapette_keyring_forget ("nobody@accounts.localhost");
  g_assert_null (kept_password ("nobody@accounts.localhost"));

  /* Started as the application starts it: saving after every move. */
  meeting.window = crapette_window_new (NULL);
  crapette_window_resume (meeting.window);
  ui_test_show_window (meeting.window, 1280, 800);
  gtk_widget_activate_action (GTK_WIDGET (meeting.window), "win.net-internet", NULL);
  dialog = GTK_WIDGET (crapette_window_internet_get_dialog (meeting.window));
  g_assert_nonnull (dialog);
  /* A keyring is there: the dialog offers to remember, and does so unless told not to. */
  ui_test_run_until (remember_offered, meeting.window, 10000, "the offer to remember");
  type_into (dialog, "xmpp-address", "alice@accounts.localhost");
  type_into (dialog, "xmpp-password", "secret-1");
  g_assert_true (crapette_net_internet_dialog_get_remember (CRAPETTE_NET_INTERNET_DIALOG (dialog)));
  click (dialog, "xmpp-invite");
  invitation = g_strdup (crapette_net_internet_dialog_get_invitation (
    CRAPETTE_NET_INTERNET_DIALOG (dialog)));
  g_assert_nonnull (invitation);
  ui_test_run_until (in_room, meeting.window, 20000, "the host in the room");
  kept = kept_password ("alice@accounts.localhost");
  g_assert_cmpstr (kept, ==, "secret-1");

  friend_join (&friend, invitation);
  ui_test_run_until (met, &meeting, 30000, "the friend to meet the host");
  if (crapette_window_net_get_dialog (meeting.window) != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (crapette_window_net_get_dialog (meeting.window)),
                                 "play");
  g_assert_true (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (meeting.window)));
  g_assert_true (crapette_net_peer_get_deal_hidden (friend.peer));
  play_moves (&meeting, host_player, 8);
  before = n_moves (meeting.window);

  /* The copy quits mid-match; the friend sees the host gone and waits. */
  gtk_window_destroy (GTK_WINDOW (meeting.window));
  ui_test_drain ();
  ui_test_run_until (friend_absent, &friend, 30000, "the friend to see the host gone");

  /* Started again: the saved game and the match kept on disk, the password from the keyring. */
  meeting.window = crapette_window_new (NULL);
  crapette_window_resume (meeting.window);
  ui_test_show_window (meeting.window, 1280, 800);
  g_assert_cmpint (crapette_session_get_remote_seat (crapette_window_get_session (meeting.window)),
                   ==, CRAPETTE_NORTH);
  g_assert_null (crapette_window_internet_get_dialog (meeting.window));
  ui_test_run_until (met, &meeting, 60000, "the host to rejoin with the kept password");
  g_assert_cmpuint (n_moves (meeting.window), ==, before);
  g_assert_true (crapette_net_peer_get_deal_hidden (crapette_window_net_get_peer (meeting.window)));
  g_assert_cmpstr (crapette_net_status_get_text (
                     CRAPETTE_NET_STATUS (crapette_window_net_get_status (meeting.window))),
                   ==, "Connected");
  play_moves (&meeting, host_player, 8);
  assert_same_record (&meeting);

  /* With the password gone from the keyring, the next start asks for it; Later keeps the
   * match, the table waits, and trying to move asks again. */
  crapette_keyring_forget ("alice@accounts.localhost");
  g_clear_pointer (&kept, g_free);
  kept = kept_password ("alice@accounts.localhost");
  g_assert_null (kept);
  gtk_window_destroy (GTK_WINDOW (meeting.window));
  ui_test_drain ();
  meeting.window = crapette_window_new (NULL);
  crapette_window_resume (meeting.window);
  ui_test_show_window (meeting.window, 1280, 800);
  ui_test_run_until (password_asked, meeting.window, 10000, "the password to be asked for");
  answer_password (find_password_dialog (meeting.window), "later");
  g_assert_null (find_password_dialog (meeting.window));
  g_assert_true (crapette_window_net_awaits_password (meeting.window));
  g_assert_cmpint (crapette_session_get_remote_seat (crapette_window_get_session (meeting.window)),
                   ==, CRAPETTE_NORTH);
  g_assert_cmpuint (n_moves (meeting.window), ==, before + 8);
  g_assert_cmpstr (crapette_window_net_holds_input (meeting.window), ==,
                   "Waiting for your password to rejoin");
  g_assert_true (crapette_window_refuse_input (meeting.window));
  g_assert_nonnull (find_password_dialog (meeting.window));
  /* New Game gives the match up, but only once another game is dealt. */
  answer_password (find_password_dialog (meeting.window), "new-game");
  new_game = find_message_dialog (meeting.window);
  g_assert_nonnull (new_game);
  g_assert_true (crapette_window_net_awaits_password (meeting.window));
  adw_message_dialog_response (new_game, "deal");
  gtk_window_close (GTK_WINDOW (new_game));
  ui_test_drain ();
  g_assert_false (crapette_window_net_awaits_password (meeting.window));
  g_assert_null (find_password_dialog (meeting.window));
  g_assert_cmpint (crapette_session_get_remote_seat (crapette_window_get_session (meeting.window)),
                   ==, CRAPETTE_NO_SEAT);
  g_assert_null (crapette_window_net_holds_input (meeting.window));

  gtk_window_destroy (GTK_WINDOW (meeting.window));
  ui_test_drain ();
  friend_clear (&friend);
}

/* The host signs in with "Remember" off, a friend joins and they play; the copy quits
 * mid-match. Started again with no password kept, it asks for it, naming the friend and the
 * account: a wrong one is refused with the server's reason and asked again, the right one
 * rejoins the friend who waited, the match goes on, and the keyring then keeps it. */
static void
test_password_rejoin (void)
{
  g_autoptr (GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *server = g_strdup_printf ("127.0.0.1:%s", g_getenv ("CRAPETTE_PROSODY_PORT"));
  g_autofree char *invitation = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (CrapettePlayer) host_player = NULL;
  g_autoptr (GError) error = NULL;
  Friend friend = { NULL };
  Meeting meeting = { NULL, &friend };
  AdwMessageDialog *asked;
  GtkWidget *dialog, *entry, *focus;
  guint before;

  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  g_settings_set_string (settings, "xmpp-server", server);
  g_settings_set_string (settings, "xmpp-rooms", "rooms.localhost");
  g_settings_set_string (settings, "south-name", "Anne");
  host_player = crapette_player_new ("easy", 25, &error);
  g_assert_no_error (error);
  crapette_keyring_forget ("alice@accounts.localhost");
  g_assert_null (kept_password ("alice@accounts.localhost"));

  meeting.window = crapette_window_new (NULL);
  crapette_window_resume (meeting.window);
  ui_test_show_window (meeting.window, 1280, 800);
  gtk_widget_activate_action (GTK_WIDGET (meeting.window), "win.net-internet", NULL);
  dialog = GTK_WIDGET (crapette_window_internet_get_dialog (meeting.window));
  ui_test_run_until (remember_offered, meeting.window, 10000, "the offer to remember");
  type_into (dialog, "xmpp-address", "alice@accounts.localhost");
  type_into (dialog, "xmpp-password", "secret-1");
  gtk_switch_set_active (GTK_SWITCH (ui_test_find_named (dialog, "xmpp-remember")), FALSE);
  click (dialog, "xmpp-invite");
  invitation = g_strdup (crapette_net_internet_dialog_get_invitation (
    CRAPETTE_NET_INTERNET_DIALOG (dialog)));
  g_assert_nonnull (invitation);
  ui_test_run_until (in_room, meeting.window, 20000, "the host in the room");
  friend_join (&friend, invitation);
  ui_test_run_until (met, &meeting, 30000, "the friend to meet the host");
  if (crapette_window_net_get_dialog (meeting.window) != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (crapette_window_net_get_dialog (meeting.window)),
                                 "play");
  play_moves (&meeting, host_player, 6);
  before = n_moves (meeting.window);
  g_assert_null (kept_password ("alice@accounts.localhost"));

  gtk_window_destroy (GTK_WINDOW (meeting.window));
  ui_test_drain ();
  ui_test_run_until (friend_absent, &friend, 30000, "the friend to see the host gone");

  /* Started again: no password kept, so it is asked for, the entry focused and labelled. */
  meeting.window = crapette_window_new (NULL);
  crapette_window_resume (meeting.window);
  ui_test_show_window (meeting.window, 1280, 800);
  ui_test_run_until (password_asked, meeting.window, 10000, "the password to be asked for");
  asked = find_password_dialog (meeting.window);
  g_assert_cmpstr (adw_message_dialog_get_heading (asked), ==, "Rejoin Your Network Match");
  g_assert_cmpstr (adw_message_dialog_get_body (asked), ==,
                   "Type the password of alice@accounts.localhost to sign in again and play on "
                   "with Boris.");
  g_assert_cmpstr (adw_message_dialog_get_default_response (asked), ==, "rejoin");
  g_assert_cmpstr (adw_message_dialog_get_close_response (asked), ==, "later");
  g_assert_true (adw_message_dialog_has_response (asked, "new-game"));
  entry = ui_test_find_named (GTK_WIDGET (asked), "xmpp-password");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (entry)), ==, "Password");
  focus = gtk_window_get_focus (GTK_WINDOW (asked));
  g_assert_true (focus == entry || (focus != NULL && gtk_widget_is_ancestor (focus, entry)));
  g_assert_true (adw_entry_row_get_activates_default (ADW_ENTRY_ROW (entry)));
  g_assert_false (gtk_widget_get_visible (ui_test_find_named (GTK_WIDGET (asked), "xmpp-error")));
  /* Nothing typed, nothing to rejoin with; the table waits meanwhile. */
  g_assert_false (adw_message_dialog_get_response_enabled (asked, "rejoin"));
  ui_test_save_picture (GTK_WIDGET (asked), "net-password-asked");
  g_assert_true (crapette_window_net_awaits_password (meeting.window));
  g_assert_nonnull (crapette_window_net_holds_input (meeting.window));

  /* A wrong password: the server refuses, and the password is asked again with why. */
  gtk_switch_set_active (GTK_SWITCH (ui_test_find_named (GTK_WIDGET (asked), "xmpp-remember")),
                         TRUE);
  gtk_editable_set_text (GTK_EDITABLE (entry), "not-the-password");
  answer_password (asked, "rejoin");
  /* The dialog went while the server was asked; the server's refusal may already have come
   * back while the answer was handled (the local server is quick, the sanitizer build slow),
   * and with it the dialog, asking again with why. */
  if (!password_refused (meeting.window))
    {
      g_assert_null (find_password_dialog (meeting.window));
      g_assert_false (crapette_window_net_awaits_password (meeting.window));
    }
  ui_test_run_until (password_refused, meeting.window, 30000, "the wrong password refused");
  asked = find_password_dialog (meeting.window);
  g_assert_cmpstr (label_text (GTK_WIDGET (asked), "xmpp-error"), ==,
                   "The server refused to sign in: check the address and the password.");
  entry = ui_test_find_named (GTK_WIDGET (asked), "xmpp-password");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  ui_test_save_picture (GTK_WIDGET (asked), "net-password-refused");
  /* The refused password is never kept. */
  g_assert_null (kept_password ("alice@accounts.localhost"));

  /* The right one, with Remember on: the friend is rejoined and the match goes on. */
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (ui_test_find_named (GTK_WIDGET (asked),
                                                                        "xmpp-remember"))));
  gtk_editable_set_text (GTK_EDITABLE (entry), "secret-1");
  /* Enter in the entry, as the person presses it: Rejoin, the default. */
  g_signal_emit_by_name (find_text (entry), "activate");
  ui_test_drain ();
  ui_test_run_until (met, &meeting, 60000, "the host to rejoin with the password typed");
  g_assert_null (find_password_dialog (meeting.window));
  g_assert_false (crapette_window_net_awaits_password (meeting.window));
  g_assert_null (crapette_window_net_holds_input (meeting.window));
  g_assert_cmpuint (n_moves (meeting.window), ==, before);
  g_assert_cmpstr (crapette_net_status_get_text (
                     CRAPETTE_NET_STATUS (crapette_window_net_get_status (meeting.window))),
                   ==, "Connected");
  play_moves (&meeting, host_player, 6);
  assert_same_record (&meeting);
  kept = kept_password ("alice@accounts.localhost");
  g_assert_cmpstr (kept, ==, "secret-1");

  crapette_keyring_forget ("alice@accounts.localhost");
  gtk_window_destroy (GTK_WINDOW (meeting.window));
  ui_test_drain ();
  friend_clear (&friend);
}

/* The toast on show says the password was not kept. */
static gboolean
not_kept_said (gpointer data)
{
  const char *toast = crapette_window_get_toast_message (data);

  return toast != NULL && strstr (toast, "could not be kept in the keyring") != NULL;
}

/* A password the person asked to remember that the keyring did not keep (here none answers)
 * is not lost in the log: the window says so in a toast, and one whose window went away
 * before the keyring's answer is let go quietly. */
static void
test_password_not_kept (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteWindow *closed = crapette_window_new (NULL);

  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 3);
  ui_test_show_window (window, 1280, 800);
  g_assert_null (crapette_window_get_toast_message (window));
  crapette_window_keep_password (window, "alice@accounts.localhost", "secret-1");
  crapette_window_keep_password (closed, "alice@accounts.localhost", "secret-1");
  gtk_window_destroy (GTK_WINDOW (closed));
  ui_test_run_until (not_kept_said, window, 10000, "the toast saying the password was not kept");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = folder_test_new_for_program ("crapette-window-internet-XXXXXX");
  const char *keyring;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* The test's Prosody has a certificate of its own: OpenSSL, under libstrophe, trusts the
   * file SSL_CERT_FILE names. */
  if (g_getenv ("CRAPETTE_PROSODY_CA") != NULL)
    g_setenv ("SSL_CERT_FILE", g_getenv ("CRAPETTE_PROSODY_CA"), TRUE);
  ui_test_init (&argc, &argv);
  g_test_add_func ("/window-internet/new-game-friends", test_new_game_friends);
  g_test_add_func ("/window-internet/main-menu-friends", test_main_menu_friends);
  g_test_add_func ("/window-internet/computer-waits-behind", test_computer_waits_behind);
  keyring = g_getenv ("CRAPETTE_KEYRING");
  /* tests/keyring-run.sh says which keyring the session bus has: none, or one unlocked. */
  if (g_strcmp0 (keyring, "none") == 0)
    g_test_add_func ("/window-internet/password-not-kept", test_password_not_kept);
  if (g_getenv ("CRAPETTE_PROSODY_PORT") != NULL && g_strcmp0 (keyring, "none") == 0)
    g_test_add_func ("/window-internet/invite-and-join", test_invite_and_join);
  if (g_getenv ("CRAPETTE_PROSODY_PORT") != NULL && g_strcmp0 (keyring, "unlocked") == 0)
    g_test_add_func ("/window-internet/keyring-rejoin", test_keyring_rejoin);
  if (g_getenv ("CRAPETTE_PROSODY_PORT") != NULL && g_strcmp0 (keyring, "unlocked") == 0)
    g_test_add_func ("/window-internet/password-rejoin", test_password_rejoin);
  return g_test_run ();
}

/* crapette-window-net.c: the window's match against a friend on another machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hosting listens on this machine's address and shows the join address and the code to
 * compare; joining takes an address from the join dialog. Either way a CrapetteNetPeer then
 * plays the friend's seat in the window's own session: the deal it agrees starts the match,
 * and the friend's moves come through crapette_session_play() as a computer's do, so the table,
 * the history and the announcer follow them as they follow any move. Each machine shows its
 * own player as "You" with their piles near them (the table turned half round for the guest,
 * who plays North), and the friend's moves are said and marked as the computer's are. The
 * header bar gains the connection line and a menu of short messages, Resign and Rematch.
 * Taking a match up again after a restart is crapette-window-rejoin.c's.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <ifaddrs.h>
#include <string.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <glib/gi18n-lib.h>

#include "crapette-description.h"
#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-locale.h"
#include "crapette-net-carrier.h"
#include "crapette-net-host-dialog.h"
#include "crapette-net-join-dialog.h"
#include "crapette-net-status.h"
#include "crapette-nearby-announcer.h"
#include "crapette-nearby-browser.h"
#include "crapette-window-net-private.h"

/* The short messages, in the order of CRAPETTE_NET_PRESETS, as people read them. */
static const struct { const char *id; const char *text; } presets[] = {
  { "hello", N_("Hello!") },
  { "good-game", N_("Good game") },
  { "well-played", N_("Well played") },
  { "your-turn", N_("Your turn") },
  { "thanks", N_("Thanks") },
  { "oops", N_("Oops") },
};

static const char *
preset_text (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_str_equal (presets[i].id, id))
      return _(presets[i].text);
  return NULL;
}

/* ---- Where the list of games nearby comes from ------------------------------- */

/* Returns the DNS-SD browser's list of games (CrapetteNearbyBrowser, a GListModel of
 * CrapetteNearbyGame), made at the first call; the join dialog shows it. */
GListModel *
crapette_window_net_nearby_model (CrapetteWindow *self)
{
  if (self->net->nearby == NULL)
    self->net->nearby = crapette_nearby_browser_new ();
  return G_LIST_MODEL (self->net->nearby);
}

/* Withdraws our hosted game from the network's list, once it is no longer open. */
static void
stop_announcing (CrapetteWindow *self)
{
  if (self->net->announcer != NULL)
    crapette_nearby_announcer_stop (self->net->announcer);
  g_clear_object (&self->net->announcer);
}

/* ---- The friend at the table --------------------------------------------------- */

static void update_summary_rematch (CrapetteWindow *self);

/* The player at this screen sits near it, whichever seat they play: the guest plays North,
 * and their table turns half round. The game's players say who plays elsewhere. */
static void
on_players_changed_cb (CrapetteGame   *game,
                       CrapetteWindow *self)
{
  CrapetteSeat remote = crapette_player_names_get_remote (crapette_game_get_players (game));

  crapette_table_set_near_seat (self->table, remote == CRAPETTE_SOUTH ? CRAPETTE_NORTH
                                                                      : CRAPETTE_SOUTH);
  crapette_window_update_status (self);
}

/* The friend's move, just played, is said and marked as the computer's is: in words on the
 * message line and to screen readers (and in a toast when it lands on one of this player's
 * own piles), and marked on the table while its card lands. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  CrapetteSeat remote = crapette_session_get_remote_seat (self->session);
  const CrapetteRound *round = crapette_game_get_round (game);
  guint n_moves = crapette_round_get_n_moves (round);
  g_autofree char *description = NULL;
  CrapettePosition before;
  CrapetteSeat target;

  /* A call of "Stop!" is said by the window's call handling, whoever made it. */
  if (remote == CRAPETTE_NO_SEAT || move->kind == CRAPETTE_MOVE_STOP || n_moves == 0)
    return;
  crapette_round_get_position_after (round, n_moves - 1, &before);
  if ((CrapetteSeat) before.to_move != remote)
    return;

  description = crapette_describe_move_by (&before, move, crapette_game_get_players (game));
  crapette_window_announce (self, description);
  self->announced_move = crapette_view_get_move_number (crapette_game_get_view (game));
  target = crapette_pile_seat (move->to);
  if (move->kind == CRAPETTE_MOVE_CARD && target != CRAPETTE_NO_SEAT && target != remote)
    crapette_window_show_toast (self, description);
  crapette_table_mark_last_move (self->table, remote, move);
}

/* ---- The connection's life ---------------------------------------------------- */

static void
close_summary (CrapetteWindow *self)
{
  AdwMessageDialog *summary = self->net->summary;

  self->net->summary = NULL;
  if (summary != NULL)
    gtk_window_destroy (GTK_WINDOW (summary));
}

/* Ends the network match; with @leave, the friend is told goodbye and the match kept on disk
 * says it is over. Without (the window closes), the friend waits for this copy to come back
 * within the grace period, as after a cut, and the next start rejoins. */
static void
stop_full (CrapetteWindow *self,
           gboolean        leave)
{
  CrapetteWindowNet *net = self->net;

  crapette_window_rejoin_end (self);
  if (net->peer != NULL)
    {
      g_signal_handlers_disconnect_by_data (net->peer, self);
      if (leave && crapette_net_peer_get_state (net->peer) < CRAPETTE_NET_PEER_ENDED)
        crapette_net_peer_leave (net->peer);
    }
  close_summary (self);
  stop_announcing (self);
  crapette_net_status_set_peer (CRAPETTE_NET_STATUS (net->status), NULL);
  gtk_widget_set_visible (net->menu_button, FALSE);
  if (net->transport != NULL)
    crapette_transport_close (net->transport);
  crapette_session_set_remote_seat (self->session, CRAPETTE_NO_SEAT);
  g_clear_object (&net->peer);
  g_clear_object (&net->transport);
  g_clear_pointer (&net->code, g_free);
  if (net->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (net->dialog));
  net->joined_shown = FALSE;
  /* The computer of the game before, held while a friend was awaited, plays on. */
  if (self->computer != NULL)
    crapette_computer_turn_resume (self->computer);
}

static void
stop (CrapetteWindow *self)
{
  stop_full (self, TRUE);
}

static void
on_dialog_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CrapetteWindow   *self)
{
  if (g_str_equal (response, "cancel"))
    stop (self);
}

static void
on_dialog_destroy_cb (GtkWidget      *dialog,
                      CrapetteWindow *self)
{
  if (self->net->dialog == ADW_MESSAGE_DIALOG (dialog))
    self->net->dialog = NULL;
}

static void
show_dialog (CrapetteWindow   *self,
             AdwMessageDialog *dialog)
{
  self->net->dialog = dialog;
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_dialog_response_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroy_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Once the other program has answered, both players see the code to compare. */
static void
on_peer_present_cb (CrapetteNetPeer *peer,
                    GParamSpec      *pspec,
                    CrapetteWindow  *self)
{
  CrapetteWindowNet *net = self->net;

  update_summary_rematch (self);
  if (!crapette_net_peer_get_peer_present (peer) || net->joined_shown)
    return;
  net->joined_shown = TRUE;
  stop_announcing (self);
  if (net->dialog == NULL)
    show_dialog (self, crapette_net_host_dialog_new (GTK_WINDOW (self), NULL, net->code));
  crapette_net_host_dialog_set_joined (net->dialog, net->code);
}

static void
on_preset_received_cb (CrapetteNetPeer *peer,
                       const char      *id,
                       CrapetteWindow  *self)
{
  const char *text = preset_text (id);
  g_autofree char *message = NULL;

  if (text == NULL)
    return;
  /* TRANSLATORS: a short message from the other player: "Anne: Good game" */
  message = g_strdup_printf (_("%s: %s"), crapette_net_peer_get_peer_name (peer), text);
  crapette_window_show_toast (self, message);
  crapette_window_speak (self, message);
}

/* The result's rematch button says what it does: offer one, or accept the friend's; it is
 * there only while the friend can still answer (not after they left). */
static void
update_summary_rematch (CrapetteWindow *self)
{
  CrapetteNetPeer *peer;
  gboolean offered;

  if (self->net == NULL || self->net->summary == NULL || self->net->peer == NULL)
    return;
  peer = self->net->peer;
  offered = crapette_net_peer_get_rematch_offered (peer, TRUE);
  adw_message_dialog_set_response_label (self->net->summary, "rematch",
                                         offered ? _("_Accept the Rematch")
                                                 : _("Offer a _Rematch"));
  adw_message_dialog_set_response_enabled (self->net->summary, "rematch",
                                           crapette_net_peer_get_peer_present (peer) &&
                                           (offered || crapette_net_peer_can_offer_rematch (peer)));
}

static void
on_rematch_offered_cb (CrapetteNetPeer *peer,
                       CrapetteWindow  *self)
{
  g_autofree char *message =
    g_strdup_printf (_("%s offers a rematch: choose Rematch to accept"),
                     crapette_net_peer_get_peer_name (peer));

  update_summary_rematch (self);
  crapette_window_show_toast (self, message);
  crapette_window_speak (self, message);
}

static void
on_rematch_accepted_cb (CrapetteNetPeer *peer,
                        CrapetteWindow  *self)
{
  g_autofree char *message =
    g_strdup_printf (_("%s accepted the rematch: a new match is dealt"),
                     crapette_net_peer_get_peer_name (peer));

  close_summary (self);
  crapette_window_show_toast (self, message);
  crapette_window_speak (self, message);
}

static void
on_summary_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        CrapetteWindow   *self)
{
  if (g_str_equal (response, "rematch"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.net-rematch", NULL);
  else if (g_str_equal (response, "new-game"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
}

static void
on_summary_destroy_cb (GtkWidget      *dialog,
                       CrapetteWindow *self)
{
  if (self->net != NULL && self->net->summary == ADW_MESSAGE_DIALOG (dialog))
    self->net->summary = NULL;
}

/* After a resignation, or when the friend left, the player sees the match's result: who gave
 * up or left and the score, with Rematch (while the friend can still answer) and New Game. */
static void
show_summary (CrapetteWindow *self,
              const char     *heading)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteSeat remote = crapette_net_peer_get_remote_seat (self->net->peer);
  CrapetteSeat own = crapette_seat_opponent (remote);
  g_autofree char *latin = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (match == NULL)
    return;
  /* TRANSLATORS: the score of a match ended by a resignation: "Score: you 37, Anne 12" */
  latin = g_strdup_printf (_("Score: you %u, %s %u"), crapette_match_get_score (match, own),
                           crapette_net_peer_get_peer_name (self->net->peer),
                           crapette_match_get_score (match, remote));
  body = crapette_locale_localize_digits (latin);
  close_summary (self);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "net-summary");
  adw_message_dialog_add_responses (dialog, "close", _("_Close"), "new-game", _("_New Game"),
                                    "rematch", _("Offer a _Rematch"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "rematch", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "rematch");
  adw_message_dialog_set_close_response (dialog, "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_summary_response_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_summary_destroy_cb), self, 0);
  self->net->summary = dialog;
  update_summary_rematch (self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The friend left the match, or stayed away past the grace period: the result says so, with
 * the score; nobody is there to answer a rematch, so New Game is the way on. */
static void
show_left_summary (CrapetteWindow *self,
                   const char     *name,
                   CrapetteNetEnd  reason)
{
  g_autofree char *heading = NULL;

  if (reason == CRAPETTE_NET_END_CLAIMED)
    /* TRANSLATORS: the heading of the match's result: "Anne Stayed Away: You Win" */
    heading = g_strdup_printf (_("%s Stayed Away: You Win"), name);
  else
    /* TRANSLATORS: the heading of the match's result when the friend has gone: "Anne Left" */
    heading = g_strdup_printf (_("%s Left the Match"), name);
  show_summary (self, heading);
  if (self->net->summary != NULL)
    adw_message_dialog_set_default_response (self->net->summary, "new-game");
}

static void
on_ended_cb (CrapetteNetPeer *peer,
             CrapetteWindow  *self)
{
  const char *name = crapette_net_peer_get_peer_name (peer);
  g_autofree char *message = NULL;

  switch (crapette_net_peer_get_end_reason (peer))
    {
    case CRAPETTE_NET_END_RESIGNED:
      message = g_strdup (_("You resigned"));
      break;
    case CRAPETTE_NET_END_PEER_RESIGNED:
      message = g_strdup_printf (_("%s resigned"), name);
      break;
    case CRAPETTE_NET_END_PEER_LEFT:
      message = g_strdup_printf (_("%s left the game"), name);
      break;
    case CRAPETTE_NET_END_CLAIMED:
      message = g_strdup_printf (_("%s stayed away: the match is yours"), name);
      break;
    case CRAPETTE_NET_END_PEER_FAULT:
      message = g_strdup (crapette_net_peer_get_error (peer));
      break;
    case CRAPETTE_NET_END_NONE:
    case CRAPETTE_NET_END_LEFT:
    default:
      break;
    }
  if (message != NULL)
    {
      crapette_window_show_toast_for (self, message, 10);
      crapette_window_speak (self, message);
    }
  switch (crapette_net_peer_get_end_reason (peer))
    {
    case CRAPETTE_NET_END_RESIGNED:
      show_summary (self, _("You Resigned"));
      break;
    case CRAPETTE_NET_END_PEER_RESIGNED:
      {
        /* TRANSLATORS: the heading of the match's result: "Anne Resigned: You Win" */
        g_autofree char *heading = g_strdup_printf (_("%s Resigned: You Win"), name);

        show_summary (self, heading);
      }
      break;
    case CRAPETTE_NET_END_PEER_LEFT:
    case CRAPETTE_NET_END_CLAIMED:
      show_left_summary (self, name, crapette_net_peer_get_end_reason (peer));
      break;
    default:
      break;
    }
  crapette_window_update_status (self);
}

static void
on_peer_state_cb (CrapetteNetPeer *peer,
                  GParamSpec      *pspec,
                  CrapetteWindow  *self)
{
  gboolean over = crapette_net_peer_get_state (peer) != CRAPETTE_NET_PEER_PLAYING;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.net-resign", !over);
  /* The friend's match is on: the computer of the game before may play again, and finds no
   * seat of its own. */
  if (!over && self->computer != NULL)
    crapette_computer_turn_resume (self->computer);
  crapette_window_update_status (self);
}

/* A match of this screen's own (New Game, Replay This Deal, a file opened) ends the one with
 * the friend, who is told this player left: the session seats nobody remote in such a match,
 * while the network's matches come with the friend's seat. */
static void
on_session_match_started_cb (CrapetteSession     *session,
                             CrapetteMatch       *match,
                             CrapetteMatchStart   how,
                             CrapetteWindow      *self)
{
  if ((self->net->peer != NULL || self->net->rejoin != NULL) &&
      crapette_session_get_remote_seat (session) == CRAPETTE_NO_SEAT)
    stop (self);
}

/* ---- The hidden deal (docs/network.md "Hidden cards") ------------------------------ */

gboolean
crapette_window_net_card_pending (CrapetteWindow *self)
{
  CrapetteNetPeer *peer;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  peer = self->net->peer;
  return peer != NULL && crapette_net_peer_get_deal_hidden (peer) &&
         crapette_net_peer_get_state (peer) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_round_find_unshown (crapette_game_get_round (self->game), NULL) > 0;
}

/* A card both programs opened is on the table: the status says whose turn it is again. */
static void
on_card_revealed_cb (CrapetteGame   *game,
                     guint           pile,
                     guint           card,
                     CrapetteWindow *self)
{
  crapette_window_update_status (self);
}

/* Once the match is on, says so when the friend's program could not deal hidden (an older
 * one): the deal is still fair, but either program could read the cards face down. */
static void
on_deal_known_cb (CrapetteNetPeer *peer,
                  GParamSpec      *pspec,
                  CrapetteWindow  *self)
{
  const char *message;

  if (crapette_net_peer_get_state (peer) != CRAPETTE_NET_PEER_PLAYING ||
      crapette_net_peer_get_deal_hidden (peer) ||
      g_object_get_data (G_OBJECT (peer), "crapette-deal-told") != NULL)
    return;
  g_object_set_data (G_OBJECT (peer), "crapette-deal-told", GINT_TO_POINTER (TRUE));
  message = _("The deal is fair but not hidden: your friend’s program cannot hide the cards "
              "face down");
  crapette_window_show_toast_for (self, message, 10);
  crapette_window_speak (self, message);
}

/* A match with a friend is offered hidden unless Preferences turned it off, and dealt so
 * unless the friend's program lacks it (docs/network.md "Hidden cards"); a copy closed
 * mid-round takes it up again like any other (crapette-net-peer-saved.c). */
static gboolean
hidden_deal_asked (CrapetteWindow *self)
{
  return self->settings != NULL && g_settings_get_boolean (self->settings, "network-hidden-deal");
}

static void
offer_hidden_deal (CrapetteWindow *self)
{
  crapette_net_peer_set_hidden_offered (self->net->peer, hidden_deal_asked (self));
}

static void
watch_hidden_deal (CrapetteWindow *self)
{
  CrapetteWindowNet *net = self->net;

  /* Asked for and not granted: the person is told why. */
  if (hidden_deal_asked (self))
    g_signal_connect_object (net->peer, "notify::state", G_CALLBACK (on_deal_known_cb), self, 0);
  g_signal_handlers_disconnect_by_func (self->game, on_card_revealed_cb, self);
  g_signal_connect_object (self->game, "card-revealed", G_CALLBACK (on_card_revealed_cb), self,
                           0);
}

void
crapette_window_net_follow_new_games (CrapetteWindow *self)
{
  g_signal_handlers_disconnect_by_func (self->session, on_session_match_started_cb, self);
  g_signal_connect_object (self->session, "match-started",
                           G_CALLBACK (on_session_match_started_cb), self, 0);
}

void
crapette_window_net_watch_peer (CrapetteWindow *self)
{
  CrapetteWindowNet *net = self->net;

  crapette_window_net_follow_new_games (self);

  g_signal_connect_object (net->peer, "notify::peer-present", G_CALLBACK (on_peer_present_cb),
                           self, 0);
  g_signal_connect_object (net->peer, "notify::state", G_CALLBACK (on_peer_state_cb), self, 0);
  g_signal_connect_object (net->peer, "preset-received", G_CALLBACK (on_preset_received_cb),
                           self, 0);
  g_signal_connect_object (net->peer, "rematch-offered", G_CALLBACK (on_rematch_offered_cb),
                           self, 0);
  g_signal_connect_object (net->peer, "rematch-accepted", G_CALLBACK (on_rematch_accepted_cb),
                           self, 0);
  g_signal_connect_object (net->peer, "ended", G_CALLBACK (on_ended_cb), self, 0);
  crapette_net_status_set_peer (CRAPETTE_NET_STATUS (net->status), net->peer);
  gtk_widget_set_visible (net->menu_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.net-resign",
                                 crapette_net_peer_get_state (net->peer) == CRAPETTE_NET_PEER_PLAYING);
  watch_hidden_deal (self);
}

/* Seats the friend at the other side of the window's session, through @transport; the match
 * is kept on disk with @carrier, to rejoin after a restart. */
static void
start_peer (CrapetteWindow    *self,
            CrapetteTransport *transport,
            CrapetteNetRole    role,
            const guint8      *key,
            const char        *carrier)
{
  CrapetteWindowNet *net = self->net;
  g_autofree char *name = g_settings_get_string (self->settings, "south-name");

  /* While the friend is awaited, the game before is no one's: its computer stops. */
  if (self->computer != NULL)
    crapette_computer_turn_cancel (self->computer);
  net->transport = transport;
  net->peer = crapette_net_peer_new (self->session, transport, role, key,
                                     *name != '\0' ? name : g_get_real_name ());
  if (role == CRAPETTE_NET_ROLE_HOST)
    {
      CrapetteVariant variant = crapette_session_get_chosen_variant (self->session);
      CrapetteRules rules;

      /* The rules' options are the defaults, so that both programs play the same game. */
      crapette_rules_init_default (&rules);
      crapette_net_peer_set_match (net->peer, variant, &rules,
                                   variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
    }
  /* Kept on disk with the carrier's words (crapette-net-carrier.c), to rejoin after a restart. */
  if (carrier != NULL && crapette_session_get_persistent (self->session))
    {
      g_autofree char *path = crapette_net_peer_get_default_state_path ();

      crapette_net_peer_set_state_path (net->peer, path, carrier);
    }
  offer_hidden_deal (self);
  crapette_window_net_watch_peer (self);
  crapette_net_peer_start (net->peer);
}

/* The first IPv4 address of this machine that is not the loopback, for the join address;
 * the loopback when there is none. */
static char *
find_own_address (void)
{
  struct ifaddrs *addresses = NULL;
  char *found = NULL;

  if (getifaddrs (&addresses) == 0)
    {
      for (struct ifaddrs *entry = addresses; entry != NULL && found == NULL;
           entry = entry->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          const struct sockaddr_in *in = (const struct sockaddr_in *) entry->ifa_addr;

          if (in == NULL || in->sin_family != AF_INET ||
              ntohl (in->sin_addr.s_addr) >> 24 == 127)
            continue;
          if (inet_ntop (AF_INET, &in->sin_addr, text, sizeof text) != NULL)
            found = g_strdup (text);
        }
      freeifaddrs (addresses);
    }
  return found != NULL ? found : g_strdup ("127.0.0.1");
}

gboolean
crapette_window_net_host (CrapetteWindow  *self,
                          const char      *host,
                          GError         **error)
{
  CrapetteWindowNet *net = self->net;
  /* CRAPETTE_NET_LISTEN_ADDRESS (docs/HACKING.md) keeps a test or a trial on one machine
   * on the address it names, such as 127.0.0.1. */
  const char *chosen = host != NULL ? host : g_getenv ("CRAPETTE_NET_LISTEN_ADDRESS");
  g_autofree char *own_host = chosen != NULL && *chosen != '\0' ? g_strdup (chosen)
                                                                : find_own_address ();
  g_autofree char *path = crapette_direct_certificate_get_path ();
  g_autofree char *pin = NULL;
  g_autofree char *address = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  CrapetteDirectTransport *transport;
  guint8 key[CRAPETTE_NET_KEY_SIZE];

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  stop (self);
  certificate = crapette_direct_certificate_load (path, error);
  if (certificate == NULL)
    return FALSE;
  transport = crapette_direct_transport_listen (own_host, 0, certificate, error);
  if (transport == NULL)
    return FALSE;
  for (guint i = 0; i < CRAPETTE_NET_KEY_SIZE; i++)
    key[i] = (guint8) g_random_int_range (0, 256);
  pin = crapette_direct_certificate_get_pin (certificate);
  net->code = crapette_direct_certificate_short_code (pin, key);
  address = crapette_direct_address_format (own_host,
                                            crapette_direct_transport_get_port (transport),
                                            pin, key);
  show_dialog (self, crapette_net_host_dialog_new (GTK_WINDOW (self), address, net->code));
  {
    g_autofree char *carrier = g_strdup_printf ("host %s %u", own_host,
                                                crapette_direct_transport_get_port (transport));

    start_peer (self, CRAPETTE_TRANSPORT (transport), CRAPETTE_NET_ROLE_HOST, key, carrier);
  }

  /* Without the Avahi service the game is not listed nearby, and the address still joins it. */
  {
    g_autofree char *name = g_settings_get_string (self->settings, "south-name");
    g_autoptr (GError) announce_error = NULL;

    net->announcer = crapette_nearby_announcer_new (*name != '\0' ? name : g_get_real_name (),
                                                    crapette_session_get_chosen_variant (self->session),
                                                    crapette_direct_transport_get_port (transport),
                                                    pin, key);
    if (!crapette_nearby_announcer_start (net->announcer, &announce_error))
      g_debug ("Not listed nearby: %s", announce_error->message);
  }
  memset (key, 0, sizeof key);
  return TRUE;
}

gboolean
crapette_window_net_join (CrapetteWindow  *self,
                          const char      *address,
                          GError         **error)
{
  g_autofree char *host = NULL;
  g_autofree char *pin = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  guint16 port;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  if (!crapette_direct_address_parse (address, &host, &port, &pin, key, error))
    return FALSE;
  stop (self);
  self->net->code = crapette_direct_certificate_short_code (pin, key);
  start_peer (self, CRAPETTE_TRANSPORT (crapette_direct_transport_connect (host, port, pin)),
              CRAPETTE_NET_ROLE_GUEST, key, address);
  memset (key, 0, sizeof key);
  return TRUE;
}

const char *
crapette_window_net_holds_input (CrapetteWindow *self)
{
  CrapetteSeat remote = crapette_session_get_remote_seat (self->session);

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  if (remote == CRAPETTE_NO_SEAT)
    return NULL;
  /* A match taken up again that waits for its account's password: nobody's cards move. */
  if (crapette_window_net_awaits_password (self))
    return _("Waiting for your password to rejoin");
  /* A network match that could not be taken up again, or is over: nobody's cards move. */
  if (self->net->peer == NULL ||
      crapette_net_peer_get_state (self->net->peer) == CRAPETTE_NET_PEER_ENDED ||
      crapette_net_peer_get_state (self->net->peer) == CRAPETTE_NET_PEER_FAILED)
    return _("This network match is over: start a new game or offer a rematch");
  return NULL;
}

/* Seats the friend through @transport (taken) after any match before, with @code the code
 * both players compare once they meet: the internet's way in (crapette-window-internet.c). */
void
crapette_window_net_start (CrapetteWindow    *self,
                           CrapetteTransport *transport,
                           CrapetteNetRole    role,
                           const guint8      *key,
                           const char        *code,
                           const char        *carrier)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (CRAPETTE_IS_TRANSPORT (transport));

  stop (self);
  self->net->code = g_strdup (code);
  start_peer (self, transport, role, key, carrier);
}

/* Ends the network match, if any, before its friend arrived or after. */
void
crapette_window_net_stop (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  stop (self);
}

CrapetteNetPeer *
crapette_window_net_get_peer (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->net->peer;
}

GtkWindow *
crapette_window_net_get_dialog (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  if (self->net->join_dialog != NULL)
    return GTK_WINDOW (self->net->join_dialog);
  return GTK_WINDOW (self->net->dialog);
}

GtkWidget *
crapette_window_net_get_status (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->net->status;
}

GtkWidget *
crapette_window_net_get_menu_button (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->net->menu_button;
}

/* ---- Actions ------------------------------------------------------------------- */

static void
action_host (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!crapette_window_net_host (self, NULL, &error))
    crapette_window_show_toast (self, error->message);
}

static void
on_join_cb (CrapetteNetJoinDialog *dialog,
            const char            *address,
            CrapetteWindow        *self)
{
  g_autoptr (GError) error = NULL;

  if (!crapette_window_net_join (self, address, &error))
    {
      crapette_net_join_dialog_show_error (dialog, error->message);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_join_dialog_destroy_cb (GtkWidget      *dialog,
                           CrapetteWindow *self)
{
  if (self->net->join_dialog == CRAPETTE_NET_JOIN_DIALOG (dialog))
    self->net->join_dialog = NULL;
  if (self->net->nearby != NULL)
    crapette_nearby_browser_stop (self->net->nearby);
}

static void
action_join (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  CrapetteNetJoinDialog *dialog;
  g_autoptr (GError) error = NULL;

  if (self->net->join_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->net->join_dialog));
      return;
    }
  dialog = crapette_net_join_dialog_new (crapette_window_net_nearby_model (self));
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "join", G_CALLBACK (on_join_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_join_dialog_destroy_cb), self, 0);
  self->net->join_dialog = dialog;
  crapette_window_hold_computer_behind (self, GTK_WINDOW (dialog));
  /* Without the Avahi service the list stays empty, and the dialog says why. */
  if (!crapette_nearby_browser_start (self->net->nearby, &error))
    crapette_net_join_dialog_set_nearby_problem (dialog, error->message);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_preset (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  if (self->net->peer != NULL && crapette_net_peer_send_preset (self->net->peer, id))
    crapette_window_show_toast (self, preset_text (id));
}

static void
on_resign_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CrapetteWindow   *self)
{
  if (g_str_equal (response, "resign") && self->net->peer != NULL)
    crapette_net_peer_resign (self->net->peer);
}

static void
action_resign (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  AdwMessageDialog *dialog;

  if (self->net->peer == NULL)
    return;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Resign the Match?"),
                                                       _("Your friend wins the match.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Playing"), "resign",
                                    _("_Resign"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_resign_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_rematch (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  CrapetteNetPeer *peer = self->net->peer;
  gboolean accepting;
  g_autofree char *message = NULL;

  if (peer == NULL)
    return;
  accepting = crapette_net_peer_get_rematch_offered (peer, TRUE);
  if (!crapette_net_peer_offer_rematch (peer))
    {
      if (crapette_net_peer_get_rematch_offered (peer, FALSE))
        message = g_strdup_printf (_("Rematch offered: it starts when %s accepts"),
                                   crapette_net_peer_get_peer_name (peer));
      else
        message = g_strdup (_("A rematch can be offered once this match is over"));
    }
  else if (accepting)
    message = g_strdup (_("Rematch accepted: a new match is dealt"));
  else
    message = g_strdup_printf (_("Rematch offered: it starts when %s accepts"),
                               crapette_net_peer_get_peer_name (peer));
  close_summary (self);
  crapette_window_show_toast (self, message);
  crapette_window_speak (self, message);
}

void
crapette_window_class_init_net (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.net-host", NULL, action_host);
  gtk_widget_class_install_action (widget_class, "win.net-join", NULL, action_join);
  gtk_widget_class_install_action (widget_class, "win.net-preset", "s", action_preset);
  gtk_widget_class_install_action (widget_class, "win.net-resign", NULL, action_resign);
  gtk_widget_class_install_action (widget_class, "win.net-rematch", NULL, action_rematch);
}

/* The first header bar in @widget, depth first. */
static AdwHeaderBar *
find_header_bar (GtkWidget *widget)
{
  if (ADW_IS_HEADER_BAR (widget))
    return ADW_HEADER_BAR (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwHeaderBar *found = find_header_bar (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
crapette_window_init_net (CrapetteWindow *self)
{
  CrapetteWindowNet *net = g_new0 (CrapetteWindowNet, 1);
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) messages = g_menu_new ();
  g_autoptr (GMenu) match = g_menu_new ();
  AdwHeaderBar *header_bar;
  GtkWidget *title, *middle;
  GMenuModel *primary;

  self->net = net;
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      g_autofree char *action = g_strdup_printf ("win.net-preset::%s", presets[i].id);

      g_menu_append (messages, _(presets[i].text), action);
    }
  g_menu_append (match, _("Offer a _Rematch"), "win.net-rematch");
  g_menu_append (match, _("_Resign…"), "win.net-resign");
  g_menu_append_section (menu, _("Send a Message"), G_MENU_MODEL (messages));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (match));
  net->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (net->menu_button), "chat-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (net->menu_button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (net->menu_button, _("Messages, Rematch and Resign"));
  gtk_widget_set_visible (net->menu_button, FALSE);
  crapette_window_hide_tooltip_over_menu (GTK_MENU_BUTTON (net->menu_button));
  net->status = crapette_net_status_new ();

  /* The header bar is the window template's; the network's widgets join it only here, so that
   * the window's layout stays in one file. */
  header_bar = find_header_bar (GTK_WIDGET (self));
  g_assert (header_bar != NULL);
  /* The connection line stands beside the title, in the header bar's middle: the middle gets
   * the room its words need before the ends do, so the friend's name stands whole wherever
   * the header bar has room for it (at either end it would get only what is left over of
   * half the width, and a long name was cut short with the other half empty). */
  title = g_object_ref (adw_header_bar_get_title_widget (header_bar));
  adw_header_bar_set_title_widget (header_bar, NULL);
  middle = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_box_append (GTK_BOX (middle), net->status);
  gtk_box_append (GTK_BOX (middle), title);
  adw_header_bar_set_title_widget (header_bar, middle);
  g_object_unref (title);
  adw_header_bar_pack_end (header_bar, net->menu_button);

  /* The main menu offers both ways to play a friend on this network, and the internet. */
  primary = gtk_menu_button_get_menu_model (self->menu_button);
  if (G_IS_MENU (primary))
    {
      g_autoptr (GMenu) friend = g_menu_new ();

      g_menu_append (friend, _("Host a Game on This Network"), "win.net-host");
      g_menu_append (friend, _("Join a Friend’s Game…"), "win.net-join");
      g_menu_append (friend, _("Play a Friend over the Internet…"), "win.net-internet");
      g_menu_insert_section (G_MENU (primary), 1, NULL, G_MENU_MODEL (friend));
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.net-resign", FALSE);

  /* After the table's and the window's own handlers, so that the mark outlasts the move. */
  g_signal_connect_object (self->game, "players-changed", G_CALLBACK (on_players_changed_cb),
                           self, 0);
  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_move_applied_cb), self,
                           G_CONNECT_AFTER);
}

void
crapette_window_dispose_net (CrapetteWindow *self)
{
  if (self->net == NULL)
    return;
  /* The dialogs are the window's transients, and go with it: destroying them from here, as
   * GTK tears down its list of windows, is not allowed. */
  if (self->net->dialog != NULL)
    g_signal_handlers_disconnect_by_data (self->net->dialog, self);
  if (self->net->join_dialog != NULL)
    g_signal_handlers_disconnect_by_data (self->net->join_dialog, self);
  if (self->net->summary != NULL)
    g_signal_handlers_disconnect_by_data (self->net->summary, self);
  crapette_window_rejoin_dispose (self);
  self->net->dialog = NULL;
  self->net->join_dialog = NULL;
  self->net->summary = NULL;
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, on_players_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, on_move_applied_cb, self);
    }
  stop_full (self, FALSE);
  g_clear_object (&self->net->nearby);
  g_clear_pointer (&self->net, g_free);
}

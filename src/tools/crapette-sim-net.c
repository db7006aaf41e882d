/* crapette-sim-net.c: a computer player at one seat of a network match, without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host listens, prints its join address and short code on stdout and plays South; the
 * guest joins by that address and plays North. Each plays the first of --players through
 * its own session, exactly as the game's window would with a person there: the other
 * seat's moves come through the network peer. With mistakes called it calls "Stop!" on the
 * other's mistakes as its level notices them, as the window's computer would. After --games
 * rounds (or the match's end) each says goodbye, waits until the other has its last line,
 * and writes the match record.
 */

#define G_LOG_DOMAIN "crapette-sim"

#include "config.h"

#include "crapette-sim-private.h"

#include <stdio.h>
#include <string.h>

#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-invitation.h"
#include "crapette-xmpp-transport.h"
#include "crapette-match.h"
#include "crapette-nearby-announcer.h"
#include "crapette-nearby-browser.h"
#include "crapette-net-peer.h"
#include "crapette-player.h"
#include "crapette-refusal.h"
#include "crapette-view.h"
#include "crapette-xmpp-worker.h"

#define DEFAULT_TIME_LIMIT_S 300
/* How long the end waits for the other to have its last lines: it stops as soon as the
 * other's goodbye comes, and on a machine that runs a hundred matches at once the other can
 * be many seconds behind (with 5 s, a few matches in a hundred never finished, the other
 * side waiting for lines that left with this process). */
#define FAREWELL_US (30 * G_USEC_PER_SEC)
/* How long the end waits for the XMPP worker to leave the room with the last lines. */
#define WORKERS_END_US (10 * G_USEC_PER_SEC)
/* How long --join nearby looks for a match announced nearby. */
#define NEARBY_WAIT_US (30 * G_USEC_PER_SEC)

typedef struct
{
  const Options *options;
  CrapetteSession *session;
  CrapetteNetPeer *peer;
  CrapetteTransport *transport;     /* direct, or XMPP */
  CrapetteNearbyAnnouncer *announcer;
  CrapettePlayer *player;
  guint rounds;
  gboolean done;
  guint calls;                      /* "Stop!" called by this seat, played or sent out */
  guint calls_back;                 /* … sent back: the round had ended over there */
  FILE *line_times;                 /* --line-times, or NULL */
  FILE *reveals;                    /* --reveals, or NULL */
} Seat;

/* --reveals: "ROUND CARD" for each card the hidden deal shows at this table, in order; the
 * same at both ends, and the first of each round are those the record deals face up. */
static void
on_card_revealed_cb (CrapetteGame *game,
                     guint         pile,
                     guint         card,
                     Seat         *seat)
{
  CrapetteMatch *match = crapette_session_get_match (seat->session);

  if (crapette_net_peer_get_deal_hidden (seat->peer))
    fprintf (seat->reveals, "%u %u\n",
             match != NULL ? crapette_match_get_round_number (match) : 0, card);
}

/* A card turned up at this table and not shown yet: the table waits for the keys. */
static gboolean
card_unshown (Seat *seat)
{
  return crapette_round_find_unshown (crapette_game_get_round (crapette_session_get_game (seat->session)),
                                      NULL) > 0;
}

/* In a hidden deal the round just over is shown only once both ends have checked its deal
 * (their secrets): until then its record holds stand-ins, so the end waits for it. */
static gboolean
last_deal_shown (Seat *seat)
{
  CrapetteMatch *match = crapette_session_get_match (seat->session);
  guint n;

  if (match == NULL || !crapette_net_peer_get_deal_hidden (seat->peer) ||
      (n = crapette_match_get_n_finished_rounds (match)) == 0)
    return TRUE;
  return !crapette_position_holds_stand_ins (crapette_round_get_start (crapette_match_get_finished_round (match, n - 1)));
}

/* --line-times: "p ROUND INDEX µs" when a move was played on this table (the local player's
 * is sent at that moment), "r ROUND INDEX µs" when the other's move line arrived. The clock is
 * the system's monotonic one, the same in both processes of one machine. */
static void
on_line_time_played_cb (CrapetteGame       *game,
                        const CrapetteMove *move,
                        Seat               *seat)
{
  CrapetteMatch *match = crapette_session_get_match (seat->session);

  fprintf (seat->line_times, "p %u %u %" G_GINT64_FORMAT "\n",
           match != NULL ? crapette_match_get_round_number (match) : 0,
           crapette_round_get_n_moves (crapette_game_get_round (game)) - 1, g_get_monotonic_time ());
}

static void
on_line_time_received_cb (CrapetteTransport *transport,
                          const char        *line,
                          Seat              *seat)
{
  gint64 now = g_get_monotonic_time ();
  g_auto (GStrv) words = g_strsplit (line, " ", 6);

  if (g_strv_length (words) >= 6 && g_str_equal (words[1], "move"))
    fprintf (seat->line_times, "r %s %s %" G_GINT64_FORMAT "\n", words[3], words[4], now);
}

static gboolean
split_host_port (const char  *text,
                 const char  *option,
                 char       **host,
                 guint16     *port,
                 GError     **error)
{
  const char *colon = strrchr (text, ':');
  guint64 number;
  g_autofree char *bare = NULL;

  if (colon == NULL ||
      !g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT16, &number, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s wants ADDRESS:PORT, such as 127.0.0.1:0 or [::1]:0", option);
      return FALSE;
    }
  bare = g_strndup (text, (gsize) (colon - text));
  if (bare[0] == '[' && bare[strlen (bare) - 1] == ']')
    *host = g_strndup (bare + 1, strlen (bare) - 2);
  else
    *host = g_steal_pointer (&bare);
  *port = (guint16) number;
  return TRUE;
}

/* The guest has come: the game is no longer one to find. */
static void
on_guest_connected_cb (CrapetteTransport       *transport,
                       GParamSpec              *pspec,
                       CrapetteNearbyAnnouncer *announcer)
{
  if (crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED)
    crapette_nearby_announcer_stop (announcer);
}

static CrapetteDirectTransport *
host_match (Seat           *seat,
            CrapetteVariant variant,
            guint8         *key,
            GError        **error)
{
  const Options *options = seat->options;
  g_autofree char *host = NULL;
  g_autofree char *path = NULL;
  g_autofree char *pin = NULL;
  g_autofree char *code = NULL;
  g_autofree char *address = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  CrapetteDirectTransport *transport;
  guint16 port;

  if (!split_host_port (options->host_direct, "--host", &host, &port, error))
    return NULL;
  path = options->certificate_file != NULL ? g_strdup (options->certificate_file)
                                           : crapette_direct_certificate_get_path ();
  certificate = crapette_direct_certificate_load (path, error);
  if (certificate == NULL)
    return NULL;
  transport = crapette_direct_transport_listen (host, port, certificate, error);
  if (transport == NULL)
    return NULL;
  for (guint i = 0; i < CRAPETTE_NET_KEY_SIZE; i++)
    key[i] = (guint8) g_random_int_range (0, 256);
  pin = crapette_direct_certificate_get_pin (certificate);
  code = crapette_direct_certificate_short_code (pin, key);
  address = crapette_direct_address_format (host, crapette_direct_transport_get_port (transport),
                                            pin, key);
  /* The first line is the address, for a script to read; stdout is flushed at once. */
  g_print ("%s\ncode: %s\n", address, code);
  fflush (stdout);
  if (options->announce)
    {
      seat->announcer = crapette_nearby_announcer_new (options->name != NULL ? options->name
                                                                             : "Host",
                                                       variant,
                                                       crapette_direct_transport_get_port (transport),
                                                       pin, key);
      if (!crapette_nearby_announcer_start (seat->announcer, error))
        {
          g_object_unref (transport);
          return NULL;
        }
      g_signal_connect_object (transport, "notify::state", G_CALLBACK (on_guest_connected_cb),
                               seat->announcer, 0);
    }
  return transport;
}

static gboolean
on_tick_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Returns the join address of the first match announced nearby, waiting a bounded time. */
static char *
find_nearby_match (GError **error)
{
  g_autoptr(CrapetteNearbyBrowser) browser = crapette_nearby_browser_new ();
  g_autoptr(CrapetteNearbyGame) game = NULL;
  gint64 deadline = g_get_monotonic_time () + NEARBY_WAIT_US;
  guint tick;

  if (!crapette_nearby_browser_start (browser, error))
    return NULL;
  /* Wakes the loop below to look at the clock. */
  tick = g_timeout_add (100, on_tick_cb, NULL);
  while (g_list_model_get_n_items (G_LIST_MODEL (browser)) == 0 &&
         crapette_nearby_browser_get_error (browser) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  if (g_list_model_get_n_items (G_LIST_MODEL (browser)) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   crapette_nearby_browser_get_error (browser) != NULL
                     ? crapette_nearby_browser_get_error (browser)
                     : "No match announced nearby");
      return NULL;
    }
  game = g_list_model_get_item (G_LIST_MODEL (browser), 0);
  g_print ("nearby: %s\n", crapette_nearby_game_get_name (game));
  return g_strdup (crapette_nearby_game_get_address (game));
}

static CrapetteDirectTransport *
join_match (const Options  *options,
            guint8         *key,
            GError        **error)
{
  g_autofree char *host = NULL;
  g_autofree char *pin = NULL;
  g_autofree char *code = NULL;
  g_autofree char *nearby = NULL;
  guint16 port;

  if (options->join_nearby && (nearby = find_nearby_match (error)) == NULL)
    return NULL;
  if (!crapette_direct_address_parse (nearby != NULL ? nearby : options->join_direct, &host, &port,
                                      &pin, key, error))
    return NULL;
  code = crapette_direct_certificate_short_code (pin, key);
  g_print ("code: %s\n", code);
  fflush (stdout);
  return crapette_direct_transport_connect (host, port, pin);
}

/* Signs in with --xmpp-account and joins the room of the invitation: a new one when hosting
 * (printed first, for a script to read), or --join's. */
static CrapetteXmppTransport *
xmpp_match (const Options  *options,
            guint8         *key,
            GError        **error)
{
  g_autoptr(CrapetteInvitation) invitation = NULL;
  g_autofree char *host = NULL;
  CrapetteXmppAccount account = { 0 };
  const char *at;

  if (options->xmpp_account == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "A match over XMPP needs --xmpp-account");
      return NULL;
    }
  at = strchr (options->xmpp_account, '@');
  if (options->xmpp_server != NULL &&
      !split_host_port (options->xmpp_server, "--xmpp-server", &host, &account.port, error))
    return NULL;
  if (options->host_xmpp)
    {
      g_autofree char *service = options->xmpp_rooms != NULL
        ? g_strdup (options->xmpp_rooms)
        : g_strconcat ("conference.", at != NULL ? at + 1 : options->xmpp_account, NULL);

      invitation = crapette_invitation_new (service, error);
    }
  else
    invitation = crapette_invitation_parse (options->join_xmpp, error);
  if (invitation == NULL)
    return NULL;
  if (options->host_xmpp)
    g_print ("%s\n", crapette_invitation_get_uri (invitation));
  g_print ("code: %s\n", crapette_invitation_get_code (invitation));
  fflush (stdout);
  memcpy (key, crapette_invitation_get_key (invitation), CRAPETTE_NET_KEY_SIZE);
  account.jid = options->xmpp_account;
  account.password = at != NULL ? g_getenv ("CRAPETTE_XMPP_PASSWORD") : NULL;
  account.host = host;
  account.ca_file = options->xmpp_ca;
  if (at != NULL && account.password == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "An XMPP account needs its password in CRAPETTE_XMPP_PASSWORD");
      return NULL;
    }
  return crapette_xmpp_transport_new (&account, crapette_invitation_get_room (invitation),
                                      options->name != NULL ? options->name
                                      : options->host_xmpp ? "Host" : "Guest");
}

/* With mistakes called: "Stop!" on the other's mistake still open, if this seat's level
 * notices it (the same answer each time it is asked, so once a mistake). A call while a
 * card turned up waits for its keys is made again at the next turn of the loop. */
static void
call_mistake (Seat *seat)
{
  CrapetteGame *game = crapette_session_get_game (seat->session);
  CrapetteSeat local = crapette_seat_opponent (crapette_session_get_remote_seat (seat->session));
  CrapetteBreach breach;
  g_autoptr(GError) error = NULL;

  if (crapette_session_get_call_out (seat->session) ||
      !crapette_round_get_breach (crapette_game_get_round (game), &breach) ||
      breach.offender == local ||
      !crapette_player_notices_mistake (seat->player, crapette_game_get_known_view (game),
                                        breach.move_index))
    return;
  if (crapette_session_call (seat->session, local, &error))
    seat->calls++;
  else if (!g_error_matches (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOT_SHOWN))
    g_error ("A call was refused: %s", error->message);
}

/* A call sent out comes back "nothing stopped" only when its round ended over there first;
 * the answer follows that round's last move, so the round is over here too. */
static void
on_call_answered_cb (CrapetteSession *session,
                     gboolean         stopped,
                     Seat            *seat)
{
  CrapetteMatch *match = crapette_session_get_match (session);

  if (stopped)
    return;
  if (match != NULL && crapette_match_is_round_in_play (match))
    g_error ("A call came back with nothing stopped while its round is still in play");
  seat->calls_back++;
}

/* One move for this seat's player when it is to move, or the next round when it is due. */
static void
drive (Seat *seat)
{
  CrapetteMatch *match = crapette_session_get_match (seat->session);
  CrapetteGame *game = crapette_session_get_game (seat->session);
  CrapettePosition view;
  CrapetteMove move;
  g_autoptr(GError) error = NULL;

  if (match == NULL || crapette_net_peer_get_state (seat->peer) == CRAPETTE_NET_PEER_AGREEING)
    return;
  /* Done also when the other said goodbye first, having played its last move. */
  if (!crapette_match_is_round_in_play (match) &&
      (crapette_match_is_finished (match) ||
       crapette_match_get_n_finished_rounds (match) >= seat->rounds))
    {
      /* The last round's deal is checked before the end: no next round meanwhile. */
      seat->done = last_deal_shown (seat);
      return;
    }
  if (crapette_net_peer_get_state (seat->peer) != CRAPETTE_NET_PEER_PLAYING)
    return;
  if (!crapette_match_is_round_in_play (match))
    {
      crapette_session_next_round (seat->session);
      return;
    }
  if (crapette_round_get_position (crapette_game_get_round (game))->rules.mistakes ==
      CRAPETTE_MISTAKES_CALLED)
    call_mistake (seat);
  if (crapette_session_is_remote_to_move (seat->session) || card_unshown (seat))
    return;
  crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (game)));
  crapette_player_choose (seat->player, &view, &move);
  if (!crapette_session_play (seat->session, crapette_game_get_current_player (game), &move,
                              &error))
    g_error ("The computer chose a move the judge refused: %s", error->message);
}

static gboolean
write_record (Seat    *seat,
              GError **error)
{
  g_autofree char *record = NULL;

  if (seat->options->record_file == NULL || crapette_session_get_match (seat->session) == NULL)
    return TRUE;
  record = crapette_match_to_record (crapette_session_get_match (seat->session));
  return g_file_set_contents (seat->options->record_file, record, -1, error);
}

/* Plays until done, the peer fails or leaves, or the time limit; %FALSE with @error if not
 * done. */
static gboolean
play (Seat    *seat,
      GError **error)
{
  gint limit_s = seat->options->time_limit > 0 ? seat->options->time_limit : DEFAULT_TIME_LIMIT_S;
  gint64 deadline = g_get_monotonic_time () + (gint64) limit_s * G_USEC_PER_SEC;

  while (!seat->done)
    {
      CrapetteNetPeerState state = crapette_net_peer_get_state (seat->peer);

      if (state == CRAPETTE_NET_PEER_FAILED || state == CRAPETTE_NET_PEER_ENDED)
        {
          drive (seat);
          if (seat->done)
            break;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "The network match ended: %s",
                       crapette_net_peer_get_error (seat->peer) != NULL
                       ? crapette_net_peer_get_error (seat->peer) : "the other player left");
          return FALSE;
        }
      if (crapette_transport_get_state (seat->transport) == CRAPETTE_TRANSPORT_CLOSED)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "The connection closed: %s",
                       crapette_transport_get_error (seat->transport));
          return FALSE;
        }
      if (g_get_monotonic_time () > deadline)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                       "The network match took more than %d seconds", limit_s);
          return FALSE;
        }
      drive (seat);
      /* Network first; a wait only when nothing is left for this seat to do. */
      g_main_context_iteration (NULL, crapette_session_is_remote_to_move (seat->session) ||
                                      card_unshown (seat) || !last_deal_shown (seat) ||
                                      crapette_net_peer_get_state (seat->peer) !=
                                      CRAPETTE_NET_PEER_PLAYING);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  return TRUE;
}

/* Says goodbye and waits until the goodbye is written and the other end has let go (or a
 * few seconds), so that the other has every line before this process ends. */
static void
say_goodbye (Seat *seat)
{
  gint64 deadline = g_get_monotonic_time () + FAREWELL_US;
  CrapetteTransport *transport = seat->transport;
  /* A room's lines leave when the worker lets go of it, which waits for the room to say
   * we have left: only the other's goodbye is to wait for. */
  gboolean drained = !CRAPETTE_IS_DIRECT_TRANSPORT (transport);

  crapette_net_peer_leave (seat->peer);
  while (g_get_monotonic_time () < deadline &&
         crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED &&
         (!(drained || crapette_direct_transport_is_drained (CRAPETTE_DIRECT_TRANSPORT (transport))) ||
          !crapette_net_peer_get_peer_said_goodbye (seat->peer)))
    g_main_context_iteration (NULL, TRUE);
}

int
run_network (const Options  *options,
             GError        **error)
{
  g_auto(GStrv) kinds = g_strsplit (options->players, ",", 2);
  gboolean hosting = options->host_direct != NULL || options->host_xmpp;
  gboolean xmpp = options->host_xmpp || options->join_xmpp != NULL;
  guint length;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  CrapetteVariant variant;
  CrapetteRules rules;
  Seat seat = { options };
  gboolean ok;

  if (!xmpp && !g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "No TLS for GIO: install glib-networking");
      return 1;
    }
  variant = g_str_equal (options->variant_key, "american") ? CRAPETTE_VARIANT_AMERICAN
                                                            : CRAPETTE_VARIANT_RUSSIAN;
  if (!parse_rules (options, &rules, error))
    return 2;
  seat.player = crapette_player_new (kinds[0], (guint32) options->seed, error);
  if (seat.player == NULL)
    return 2;
  seat.rounds = (guint) options->games;
  length = options->match_length > 0 ? (guint) options->match_length
                                     : variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300;
  if (!crapette_match_length_is_valid (variant, length))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--match-length %u is not a length of this game", length);
      g_clear_object (&seat.player);
      return 2;
    }
  if (xmpp)
    seat.transport = CRAPETTE_TRANSPORT (xmpp_match (options, key, error));
  else
    seat.transport = hosting ? CRAPETTE_TRANSPORT (host_match (&seat, variant, key, error))
                             : CRAPETTE_TRANSPORT (join_match (options, key, error));
  if (seat.transport == NULL)
    {
      g_clear_object (&seat.announcer);
      g_clear_object (&seat.player);
      return 1;
    }
  seat.session = crapette_session_new (NULL);
  seat.peer = crapette_net_peer_new (seat.session, seat.transport,
                                     hosting ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST,
                                     key, options->name != NULL ? options->name
                                                                : hosting ? "Host" : "Guest");
  memset (key, 0, sizeof key);
  if (hosting)
    crapette_net_peer_set_match (seat.peer, variant, &rules, length);
  /* The hidden deal is used whenever the other offers it too (docs/network.md). */
  crapette_net_peer_set_hidden_offered (seat.peer, !options->seed_deal);
  if (options->reveals_file != NULL &&
      (seat.reveals = fopen (options->reveals_file, "w")) != NULL)
    g_signal_connect (crapette_session_get_game (seat.session), "card-revealed",
                      G_CALLBACK (on_card_revealed_cb), &seat);
  if (options->line_times_file != NULL &&
      (seat.line_times = fopen (options->line_times_file, "w")) != NULL)
    {
      g_signal_connect (crapette_session_get_game (seat.session), "move-applied",
                        G_CALLBACK (on_line_time_played_cb), &seat);
      g_signal_connect (seat.transport, "received", G_CALLBACK (on_line_time_received_cb), &seat);
    }
  g_signal_connect (seat.session, "call-answered", G_CALLBACK (on_call_answered_cb), &seat);
  crapette_net_peer_start (seat.peer);

  ok = play (&seat, error);
  if (ok)
    {
      CrapetteMatch *match = crapette_session_get_match (seat.session);

      say_goodbye (&seat);
      ok = write_record (&seat, error);
      g_print ("rounds: %u moves: %u\n", crapette_match_get_n_finished_rounds (match),
               crapette_match_count_moves (match));
      g_print ("deal: %s\n", crapette_net_peer_get_deal_hidden (seat.peer) ? "hidden" : "seed");
      if (crapette_match_get_rules (match)->mistakes == CRAPETTE_MISTAKES_CALLED)
        g_print ("calls: %u back: %u\n", seat.calls, seat.calls_back);
    }
  else
    write_record (&seat, NULL);
  crapette_transport_close (seat.transport);
  if (seat.line_times != NULL)
    {
      g_signal_handlers_disconnect_by_data (crapette_session_get_game (seat.session), &seat);
      g_signal_handlers_disconnect_by_data (seat.transport, &seat);
      fclose (seat.line_times);
    }
  if (seat.reveals != NULL)
    {
      g_signal_handlers_disconnect_by_data (crapette_session_get_game (seat.session), &seat);
      fclose (seat.reveals);
    }
  g_clear_object (&seat.peer);
  g_clear_object (&seat.session);
  g_clear_object (&seat.transport);
  g_clear_object (&seat.announcer);
  g_clear_object (&seat.player);
  /* The room's last lines (the goodbye among them) leave as its worker leaves the room: the
   * process waits for that before it ends. */
  if (xmpp && !crapette_xmpp_worker_wait_all (WORKERS_END_US))
    g_printerr ("crapette-sim: the XMPP connection did not end in time\n");
  return ok ? 0 : 1;
}

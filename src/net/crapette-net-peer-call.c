/* crapette-net-peer-call.c: "Stop!" across the network with mistakes called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table of the player to move orders every line. A call on the other player's mistake
 * made while they are to move is not played here: the session relays it (::call-relayed)
 * and holds its table, and this end sends `call ROUND INDEX`, where it saw the mistake. The
 * offender's program plays the call after every move it already sent and sends it back as
 * an ordinary `move` line `stop`, which this end plays as its own call; if the round had
 * ended there first, it sends the `call` back, nothing stopped. Either way the table is let
 * go (docs/network.md, "Moves and "Stop!""). A call made while the caller is to move crosses
 * nothing and goes as a move line at once (crapette-net-peer.c). In a match dealt hidden
 * the call may come while a card the offender's last move turned up waits here for the
 * caller's key, already on its way: the engine plays no call before the card is shown (the
 * cards taken back stay known), so the call waits for it, and is played then.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer-private.h"

#include <glib/gi18n-lib.h>

static char *
format_call (guint64 round_number,
             guint64 index)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, round_number, index);
}

/* The session holds the table for a call on the other player's mistake: it goes out with
 * the round and the number of moves this table has, where the mistake was seen. */
static void
on_call_relayed_cb (CrapetteSession *session,
                    CrapetteSeat     caller,
                    CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (session);
  g_autofree char *payload = NULL;

  if (self->state != CRAPETTE_NET_PEER_PLAYING || match == NULL)
    {
      crapette_session_answer_call (session, FALSE, NULL);
      return;
    }
  self->call_round = crapette_match_get_round_number (match);
  self->call_index = crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (session)));
  payload = format_call (self->call_round, self->call_index);
  crapette_net_peer_send (self, CRAPETTE_NET_CALL, payload);
}

/* The other player's call ROUND INDEX, on this end's mistake: played here after every move
 * already sent, unless the round it was made in is over here (then it goes back as it came,
 * nothing stopped); it waits while a card turned up here is not yet shown. */
static void
play_call (CrapetteNetPeer *self,
           guint64          round_number,
           guint64          index)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  const CrapetteRound *round = crapette_game_get_round (crapette_session_get_game (self->session));
  g_autofree char *answer = NULL;

  if (round_number == crapette_match_get_round_number (match) &&
      crapette_match_is_round_in_play (match))
    {
      /* The card's key follows: the card is shown at the next reveal (on_card_revealed_cb). */
      if (crapette_round_find_unshown (round, NULL) > 0)
        {
          self->call_waiting = TRUE;
          self->waiting_round = round_number;
          self->waiting_index = index;
          /* Its line counts as received: kept on disk, it waits again after a restart. */
          crapette_net_peer_keep_state (self);
          return;
        }
      /* The game's "move-applied" sends it back as a move line (crapette-net-peer.c). */
      if (crapette_session_call_remote (self->session, NULL))
        return;
    }
  answer = format_call (round_number, index);
  crapette_net_peer_send (self, CRAPETTE_NET_CALL, answer);
}

static gboolean
play_waiting_call_cb (gpointer data)
{
  CrapetteNetPeer *self = data;

  self->waiting_id = 0;
  self->call_waiting = FALSE;
  if (self->state == CRAPETTE_NET_PEER_PLAYING && crapette_session_get_match (self->session) != NULL)
    play_call (self, self->waiting_round, self->waiting_index);
  return G_SOURCE_REMOVE;
}

/* A card shown: a call waiting for it is played once the reveal is over. */
static void
on_card_revealed_cb (CrapetteGame    *game,
                     guint            pile,
                     guint            card,
                     CrapetteNetPeer *self)
{
  if (self->call_waiting && self->waiting_id == 0)
    self->waiting_id = g_idle_add (play_waiting_call_cb, self);
}

/* A call waits only in a round in play, whose card is shown before anything else: a new
 * round is another match (a rematch after this one ended mid-reveal), where it is forgotten
 * as the caller's session forgets its call out. */
static void
on_round_started_cb (CrapetteGame    *game,
                     CrapetteNetPeer *self)
{
  crapette_net_peer_drop_waiting_call (self);
}

void
crapette_net_peer_watch_calls (CrapetteNetPeer *self)
{
  CrapetteGame *game = crapette_session_get_game (self->session);

  g_signal_connect_object (self->session, "call-relayed", G_CALLBACK (on_call_relayed_cb),
                           self, 0);
  g_signal_connect_object (game, "card-revealed", G_CALLBACK (on_card_revealed_cb), self, 0);
  g_signal_connect_object (game, "round-started", G_CALLBACK (on_round_started_cb), self, 0);
}

/* Forgets the other's call waiting for a card: its match is over, or the peer is going. */
void
crapette_net_peer_drop_waiting_call (CrapetteNetPeer *self)
{
  self->call_waiting = FALSE;
  g_clear_handle_id (&self->waiting_id, g_source_remove);
}

/* The other player's `stop` move line while this end's call is out: the call came back
 * played, and is played here as this end's own. */
gboolean
crapette_net_peer_take_call_back (CrapetteNetPeer  *self,
                                  GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean played;

  self->applying_remote = TRUE;
  played = crapette_session_answer_call (self->session, TRUE, &local_error);
  self->applying_remote = FALSE;
  crapette_net_peer_keep_state (self);
  if (!played)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_ILLEGAL, local_error->message);
  return TRUE;
}

/* "ROUND INDEX": the other player calls "Stop!" on this end's mistake, seen at move INDEX
 * of ROUND while this end was to move; or, while this end's own call is out, that call
 * back, nothing stopped. */
gboolean
crapette_net_peer_read_call (CrapetteNetPeer  *self,
                             const char       *payload,
                             GError          **error)
{
  g_auto(GStrv) words = g_strsplit (payload, " ", 3);
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteGame *game = crapette_session_get_game (self->session);
  const CrapetteRound *round = crapette_game_get_round (game);
  CrapettePosition seen;
  guint64 round_number, index, current;
  guint n_moves;

  if (g_strv_length (words) != 2 ||
      !g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, &round_number,
                                   NULL) ||
      !g_ascii_string_to_unsigned (words[1], 10, 0, G_MAXUINT32, &index, NULL))
    return crapette_net_peer_refuse_garbage (error);
  if (self->state != CRAPETTE_NET_PEER_PLAYING || match == NULL ||
      self->rules.mistakes != CRAPETTE_MISTAKES_CALLED)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                     _("The other player’s program called “Stop!” in a match where "
                                       "mistakes are prevented"));

  /* This end's own call, sent back: the round had ended over there. */
  if (crapette_session_get_call_out (self->session))
    {
      if (round_number != self->call_round || index != self->call_index)
        return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                         _("The other player’s program answered a “Stop!” this "
                                           "table did not call"));
      crapette_session_answer_call (self->session, FALSE, NULL);
      crapette_net_peer_keep_state (self);
      return TRUE;
    }

  current = crapette_match_get_round_number (match);
  n_moves = crapette_round_get_n_moves (round);
  if (round_number > current || (round_number == current && index > n_moves))
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_DESYNC,
                                     _("The other player’s “Stop!” does not follow the moves on "
                                       "this table"));
  if (round_number == current && crapette_match_is_round_in_play (match))
    {
      crapette_round_get_position_after (round, (guint) index, &seen);
      /* A caller to move plays the call at once, as a move line. */
      if (seen.to_move == crapette_net_peer_get_remote_seat (self))
        return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                         _("The other player’s program sent a “Stop!” to be played "
                                           "here while it was its own turn"));
    }
  play_call (self, round_number, index);
  return TRUE;
}

/* The call out is kept on disk with the match (crapette-net-peer-saved.c), so that a copy
 * killed while it travels still holds its table when it comes back. */
void
crapette_net_peer_keep_call (CrapetteNetPeer *self,
                             GKeyFile        *file)
{
  g_autofree char *call = NULL;

  if (self->call_waiting)
    {
      g_autofree char *waiting = format_call (self->waiting_round, self->waiting_index);

      g_key_file_set_string (file, "network-match", "call-waiting", waiting);
    }
  if (!crapette_session_get_call_out (self->session))
    return;
  call = format_call (self->call_round, self->call_index);
  g_key_file_set_string (file, "network-match", "call-out", call);
}

/* Reads "ROUND INDEX" kept under @key; FALSE if there is none, or it is not one. */
static gboolean
read_kept_call (GKeyFile *file,
                const char *key,
                guint64  *round_number,
                guint64  *index)
{
  g_autofree char *call = g_key_file_get_string (file, "network-match", key, NULL);
  g_auto(GStrv) words = NULL;

  if (call == NULL)
    return FALSE;
  words = g_strsplit (call, " ", 3);
  return g_strv_length (words) == 2 &&
         g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, round_number,
                                     NULL) &&
         g_ascii_string_to_unsigned (words[1], 10, 0, G_MAXUINT32, index, NULL);
}

/* Whether a "Stop!" was played at or after move @index of round @round_number on the table. */
static gboolean
stopped_since (CrapetteNetPeer *self,
               guint64          round_number,
               guint64          index)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  const CrapetteRound *round = crapette_game_get_round (crapette_session_get_game (self->session));

  if (round_number != crapette_match_get_round_number (match))
    return FALSE;
  for (guint i = (guint) index; i < crapette_round_get_n_moves (round); i++)
    if (crapette_round_get_move (round, i)->kind == CRAPETTE_MOVE_STOP)
      return TRUE;
  return FALSE;
}

/* After a restart, once the table shows again what it had been shown: the other's call that
 * was waiting for a card is played, or waits again (crapette_net_peer_restore()). */
void
crapette_net_peer_resume_waiting_call (CrapetteNetPeer *self,
                                       GKeyFile        *file)
{
  guint64 round_number, index;

  if (self->state != CRAPETTE_NET_PEER_PLAYING || crapette_session_get_match (self->session) == NULL ||
      !read_kept_call (file, "call-waiting", &round_number, &index) ||
      stopped_since (self, round_number, index))
    return;
  play_call (self, round_number, index);
}

/* Holds the table again for a call kept on disk, unless its answer is among the moves
 * played again (a stop in its round at or after where it was made). */
void
crapette_net_peer_restore_call (CrapetteNetPeer *self,
                                GKeyFile        *file)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  guint64 round_number, index;

  if (match == NULL || self->state != CRAPETTE_NET_PEER_PLAYING ||
      !read_kept_call (file, "call-out", &round_number, &index) ||
      stopped_since (self, round_number, index))
    return;
  self->call_round = round_number;
  self->call_index = index;
  crapette_session_hold_for_call (self->session,
                                  crapette_seat_opponent (crapette_net_peer_get_remote_seat (self)));
}

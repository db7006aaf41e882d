/* crapette-net-peer-receive.c: what the other program sends, checked and acted on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader (crapette-net-message.c) has already checked the line's form, its MAC and its
 * number; here each message must also fit where the match stands, and a move must follow
 * the moves on this table, be the other player's and pass the session's judge. The first
 * thing refused ends the match as the other program's fault.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "crapette-notation.h"

/* Far more messages in one second than a game sends: a flood. */
#define FLOOD_LIMIT 20000

/* A line refused, for every part of the peer that reads one: sets @error, returns FALSE. */
gboolean
crapette_net_peer_refuse (GError     **error,
                          int          code,
                          const char  *message)
{
  g_set_error_literal (error, CRAPETTE_NET_ERROR, code, message);
  return FALSE;
}

gboolean
crapette_net_peer_refuse_order (GError **error)
{
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                   _("The other player’s program broke the order of the game’s "
                                     "messages"));
}

gboolean
crapette_net_peer_refuse_garbage (GError **error)
{
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_GARBAGE,
                                   _("The other player’s program sent something that is not part "
                                     "of a game"));
}

static gboolean
refuse_desync (GError **error)
{
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_DESYNC,
                                   _("The other player’s move does not follow the moves on this "
                                     "table"));
}

/* Reads "ROUND INDEX NOTATION": the round from 1 and the move's index in it. */
gboolean
crapette_net_split_move (const char  *payload,
            guint64     *round_number,
            guint64     *index,
            const char **notation)
{
  g_auto(GStrv) words = g_strsplit (payload, " ", 3);

  if (g_strv_length (words) != 3 ||
      !g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, round_number,
                                   NULL) ||
      !g_ascii_string_to_unsigned (words[1], 10, 0, G_MAXUINT32, index, NULL))
    return FALSE;
  *notation = payload + strlen (words[0]) + strlen (words[1]) + 2;
  return TRUE;
}

/* The other player's first move of the next round may come before the local player has
 * looked at the last round's result: the next deal is the same on both tables, so it is
 * dealt here. */
static void
deal_next_round_if_asked (CrapetteNetPeer *self,
                          guint64          round_number,
                          guint64          index)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);

  if (index == 0 && round_number == crapette_match_get_round_number (match) + 1 &&
      !crapette_match_is_round_in_play (match) && !crapette_match_is_finished (match))
    crapette_session_next_round (self->session);
}

static gboolean
read_move (CrapetteNetPeer  *self,
           const char       *payload,
           GError          **error)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteSeat remote = crapette_net_peer_get_remote_seat (self);
  const CrapettePosition *position;
  g_autoptr(GError) local_error = NULL;
  const char *notation;
  guint64 round_number, index;
  CrapetteMove move;
  CrapetteSeat mover;
  gboolean played;

  if (self->state != CRAPETTE_NET_PEER_PLAYING || match == NULL)
    return crapette_net_peer_refuse_order (error);
  if (!crapette_net_split_move (payload, &round_number, &index, &notation))
    return crapette_net_peer_refuse_garbage (error);
  deal_next_round_if_asked (self, round_number, index);
  if (!crapette_net_peer_hidden_check_move (self, payload, error))
    return FALSE;
  position = crapette_round_get_position (crapette_game_get_round (crapette_session_get_game (self->session)));
  if (round_number != crapette_match_get_round_number (match) ||
      index != crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (self->session))))
    return refuse_desync (error);
  if (!crapette_notation_parse_move (position, notation, &move, &local_error))
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_ILLEGAL, local_error->message);

  /* This end's call relayed, come back played (crapette-net-peer-call.c). */
  if (move.kind == CRAPETTE_MOVE_STOP && crapette_session_get_call_out (self->session))
    return crapette_net_peer_take_call_back (self, error);
  mover = move.kind == CRAPETTE_MOVE_STOP ? crapette_position_caller (position)
                                          : (CrapetteSeat) position->to_move;
  if (mover != remote || position->outcome != CRAPETTE_OUTCOME_PLAYING)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_ILLEGAL,
                                     _("The other player’s program played a move that is not "
                                       "theirs to play"));

  self->applying_remote = TRUE;
  if (move.kind == CRAPETTE_MOVE_STOP)
    played = crapette_session_call_remote (self->session, &local_error);
  else
    played = crapette_session_play_remote (self->session, &move, &local_error);
  self->applying_remote = FALSE;
  if (!played)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_ILLEGAL, local_error->message);
  return TRUE;
}

/* "EPOCH LAST-SEQ ROUND MOVES HASH": the other end has every line of ours up to LAST-SEQ and
 * stands at MOVES moves of ROUND with the position HASH. */
static gboolean
read_resync (CrapetteNetPeer  *self,
             const char       *payload,
             GError          **error)
{
  g_auto(GStrv) words = g_strsplit (payload, " ", 6);
  CrapetteMatch *match = crapette_session_get_match (self->session);
  guint64 last_seq, round_number, moves;

  if (g_strv_length (words) != 5 ||
      !g_ascii_string_to_unsigned (words[1], 10, 0, self->sent->len, &last_seq, NULL) ||
      !g_ascii_string_to_unsigned (words[2], 10, 0, CRAPETTE_MATCH_MAX_ROUNDS, &round_number,
                                   NULL) ||
      !g_ascii_string_to_unsigned (words[3], 10, 0, G_MAXUINT32, &moves, NULL))
    return crapette_net_peer_refuse_garbage (error);

  /* Both tables at the same move must be the same table. */
  if (self->state == CRAPETTE_NET_PEER_PLAYING && match != NULL &&
      round_number == crapette_match_get_round_number (match) &&
      moves == crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (self->session))))
    {
      g_autofree char *hash = crapette_net_peer_position_hash (self);

      if (!g_str_equal (hash, words[4]))
        return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_DESYNC,
                                         _("The two tables no longer show the same game"));
    }
  /* A cut this end did not see: it says where it stands too, for the other to resend. */
  if (!self->awaiting_resync)
    crapette_net_peer_send_resync (self);
  /* What the other end missed is sent again, exactly as it was sealed the first time. Its
   * LAST-SEQ is no acknowledgment for the hidden deal's limit, unlike a ping's: the resync
   * travels outside the sequence, ahead of the answers it may be about to send again. */
  self->flushed = last_seq;
  self->awaiting_resync = FALSE;
  crapette_net_peer_flush (self);
  return TRUE;
}

static gboolean
read_rematch (CrapetteNetPeer  *self,
              GError          **error)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  gboolean over = self->state == CRAPETTE_NET_PEER_ENDED ||
                  (self->state == CRAPETTE_NET_PEER_PLAYING && match != NULL &&
                   crapette_match_is_finished (match));

  if (!over || self->peer_rematch_offered)
    return crapette_net_peer_refuse_order (error);
  self->peer_rematch_offered = TRUE;
  if (self->rematch_offered)
    {
      crapette_net_peer_emit_rematch (self, TRUE);
      crapette_net_peer_begin_deal (self);
    }
  else
    crapette_net_peer_emit_rematch (self, FALSE);
  return TRUE;
}

/* "LAST-SEQ": the last of our lines the other end has read, or empty (an older program,
 * which says nothing). Pings go in the sequence, so every line the other sent before this
 * one, its answers to what it had heard among them, has been read here already. */
static gboolean
read_ping (CrapetteNetPeer  *self,
           const char       *payload,
           GError          **error)
{
  guint64 heard;

  if (*payload == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (payload, 10, 0, self->sent->len, &heard, NULL))
    return crapette_net_peer_refuse_garbage (error);
  if (heard <= self->peer_acked)
    return TRUE;
  self->peer_acked = heard;
  return crapette_net_peer_hidden_check_acked (self, error);
}

static gboolean
dispatch (CrapetteNetPeer     *self,
          CrapetteNetMessage  *message,
          GError             **error)
{
  gboolean playing = self->state == CRAPETTE_NET_PEER_PLAYING;

  switch (message->kind)
    {
    case CRAPETTE_NET_HELLO:
      if (self->have_hello)
        return crapette_net_peer_refuse_order (error);
      return crapette_net_peer_read_hello (self, message->payload, error);
    case CRAPETTE_NET_COMMIT:
      return crapette_net_peer_read_commit (self, message->payload, error);
    case CRAPETTE_NET_REVEAL:
      return crapette_net_peer_read_reveal (self, message->payload, error);
    case CRAPETTE_NET_MOVE:
      return read_move (self, message->payload, error);
    case CRAPETTE_NET_RESIGN:
      if (!playing || *message->payload != '\0')
        return crapette_net_peer_refuse_order (error);
      crapette_net_peer_end (self, CRAPETTE_NET_END_PEER_RESIGNED, NULL);
      return TRUE;
    case CRAPETTE_NET_REMATCH:
      return read_rematch (self, error);
    case CRAPETTE_NET_PRESET:
      if (!crapette_net_preset_is_known (message->payload))
        return crapette_net_peer_refuse_order (error);
      crapette_net_peer_emit_preset (self, message->payload);
      return TRUE;
    case CRAPETTE_NET_PING:
      return read_ping (self, message->payload, error);
    case CRAPETTE_NET_RESYNC:
      return read_resync (self, message->payload, error);
    case CRAPETTE_NET_CALL:
      return crapette_net_peer_read_call (self, message->payload, error);
    case CRAPETTE_NET_BYE:
      if (self->state == CRAPETTE_NET_PEER_AGREEING || playing)
        crapette_net_peer_end (self, CRAPETTE_NET_END_PEER_LEFT, NULL);
      crapette_net_peer_mark_gone (self);
      return TRUE;
    case CRAPETTE_NET_DECK:
      return crapette_net_peer_read_deck (self, message->payload, error);
    case CRAPETTE_NET_KEY:
      return crapette_net_peer_read_key (self, message->payload, error);
    case CRAPETTE_NET_SECRET:
      return crapette_net_peer_read_secret (self, message->payload, error);
    case CRAPETTE_NET_N_KINDS:
    default:
      break;
    }
  return crapette_net_peer_refuse_order (error);
}

static gboolean
check_flood (CrapetteNetPeer  *self,
             GError          **error)
{
  gint64 now = g_get_monotonic_time ();

  if (now - self->flood_window_us >= G_USEC_PER_SEC)
    {
      self->flood_window_us = now;
      self->flood_count = 0;
    }
  if (++self->flood_count > FLOOD_LIMIT)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_FLOOD,
                                     _("The other player’s program sent far more messages than any "
                                       "game needs"));
  return TRUE;
}

static gboolean
is_hidden_deal_line (CrapetteNetKind kind)
{
  return kind == CRAPETTE_NET_DECK || kind == CRAPETTE_NET_KEY || kind == CRAPETTE_NET_SECRET;
}

/* Reads one line from the other program; the first refusal ends the match as its fault. */
void
crapette_net_peer_receive (CrapetteNetPeer *self,
                           const char      *line)
{
  g_autoptr(GError) error = NULL;
  CrapetteNetMessage message = { 0 };
  gboolean accepted;

  if (self->state == CRAPETTE_NET_PEER_FAILED)
    return;
  accepted = check_flood (self, &error) &&
             crapette_net_reader_accept (&self->reader, line, &message, &error);
  if (!accepted && self->awaiting_resync &&
      g_error_matches (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_OUT_OF_ORDER))
    {
      /* Back after a cut, before the other's resync: a line it sealed after those this end
       * lost (a ping into the room before it heard our resync) comes ahead of them. It is
       * sent again, in its place, once the other has read where this end stands. */
      g_debug ("A line ahead of those lost in the cut, before the resync: dropped");
      return;
    }
  if (accepted)
    {
      crapette_net_peer_heard (self);
      /* Kept on disk before it is acted on, so that what is on disk is never behind the
       * saved game (crapette-net-peer-saved.c). */
      if (message.kind == CRAPETTE_NET_MOVE && self->state == CRAPETTE_NET_PEER_PLAYING)
        g_ptr_array_add (self->moves, g_strdup (message.payload));
      /* A line of the hidden deal changes what this end holds, not a move the journal can
       * play again: it counts as received on disk only once acted on, so that a restart in
       * between has the other send it again (crapette-net-peer-saved.c). */
      if (is_hidden_deal_line (message.kind))
        self->acting_seq = self->reader.last_seq;
      else if (message.kind != CRAPETTE_NET_PING)
        crapette_net_peer_keep_state (self);
      dispatch (self, &message, &error);
      if (self->acting_seq != 0)
        {
          self->acting_seq = 0;
          if (error == NULL)
            crapette_net_peer_keep_state (self);
        }
      crapette_net_message_clear (&message);
    }
  if (error != NULL)
    crapette_net_peer_fail (self, error);
}

/* Says where this end stands after a cut, out of the sequence (number 0, its own epoch):
 * the other end answers by sending again what was lost, and so does this one. */
void
crapette_net_peer_send_resync (CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  g_autofree char *hash = crapette_net_peer_position_hash (self);
  g_autofree char *payload = NULL;
  g_autofree char *line = NULL;
  guint moves = crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (self->session)));

  self->epoch++;
  self->reader.after_cut = TRUE;
  crapette_net_peer_keep_state (self);
  payload = g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %u %u %s",
                             self->epoch, self->reader.last_seq,
                             match != NULL ? crapette_match_get_round_number (match) : 0,
                             moves, hash);
  line = crapette_net_message_seal (self->key, self->role, 0, CRAPETTE_NET_RESYNC, payload);
  crapette_transport_send (self->transport, line);
}

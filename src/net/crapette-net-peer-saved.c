/* crapette-net-peer-saved.c: a network match kept on disk, to rejoin after a restart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The saved game (the session's) holds the table; it does not say that the other seat is a
 * friend on another machine. This file does: the role, the key, the names, how to reach the
 * friend again (the caller's "carrier" words), every line this end sealed, the last number
 * received, and every move of the match in the order played. It is written before a line
 * goes out and before a line received is acted on, so it is never behind the saved game:
 * restoring plays again, from its list, any move the saved game had not caught, then the
 * two ends resynchronise as after any cut (docs/network.md "Keeping the connection").
 *
 * It is two files, so that a line costs an append, not a rewrite of the whole match: the
 * header (network-match.ini, a key file: everything but the lines and moves, rewritten only
 * when it changes: a new match, a resync's epoch, the end) and its journal beside it
 * (network-match.ini.log), one entry a line, only ever appended to: "s LINE" a line this end
 * sealed, "m ROUND INDEX NOTATION" a move of the match, "r SEQ" the last number received. A
 * new match (a rematch) starts the journal again.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer-private.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "crapette-notation.h"

#define GROUP "network-match"
#define STATE_VERSION 1

static const char *
state_word (CrapetteNetPeer *self)
{
  switch (self->state)
    {
    case CRAPETTE_NET_PEER_PLAYING:
      return "playing";
    case CRAPETTE_NET_PEER_ENDED:
      return "ended";
    case CRAPETTE_NET_PEER_FAILED:
      return "failed";
    case CRAPETTE_NET_PEER_AGREEING:
    default:
      return NULL;
    }
}

char *
crapette_net_peer_get_default_state_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "crapette", "network-match.ini", NULL);
}

static char *
journal_path (const char *state_path)
{
  return g_strconcat (state_path, ".log", NULL);
}

/* Appends @entries (each a whole entry ending with a newline) to the journal, or writes it
 * anew with them when @anew. */
static gboolean
write_journal (CrapetteNetPeer  *self,
               GString          *entries,
               gboolean          anew,
               GError          **error)
{
  g_autofree char *path = journal_path (self->state_path);
  int fd = g_open (path, O_WRONLY | O_CREAT | (anew ? O_TRUNC : O_APPEND), 0600);
  gsize done = 0;

  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s", g_strerror (errno));
      return FALSE;
    }
  while (done < entries->len)
    {
      gssize n = write (fd, entries->str + done, entries->len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;

          close (fd);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
          return FALSE;
        }
      done += (gsize) n;
    }
  return close (fd) == 0 || (errno == EINTR);
}

/* Writes where the match stands, when a path is set and a match is on the table; a new deal
 * being agreed is not kept (the file still describes the last match). The header is written
 * only when it changed; the lines and moves since the last call are appended to the journal
 * (all of them again when a new match began). */
void
crapette_net_peer_keep_state (CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) entries = NULL;
  g_autofree char *key = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *data = NULL;
  const char *state = state_word (self);
  guint64 last_seq;
  gboolean anew;
  gsize length;

  /* Only the match this end agreed or took up again: a local game the session has moved on
   * to is no friend's, and must never be written as one. */
  if (self->state_path == NULL || state == NULL || match == NULL || self->restoring ||
      match != self->kept_match)
    return;
  file = g_key_file_new ();
  key = crapette_net_format_hex (self->key, CRAPETTE_NET_KEY_SIZE);
  rules = crapette_notation_format_rules (&self->rules);
  g_key_file_set_integer (file, GROUP, "version", STATE_VERSION);
  g_key_file_set_string (file, GROUP, "role",
                         self->role == CRAPETTE_NET_ROLE_HOST ? "host" : "guest");
  g_key_file_set_string (file, GROUP, "key", key);
  g_key_file_set_string (file, GROUP, "name", self->name);
  g_key_file_set_string (file, GROUP, "peer-name", self->peer_name != NULL ? self->peer_name : "");
  g_key_file_set_string (file, GROUP, "carrier", self->carrier != NULL ? self->carrier : "");
  g_key_file_set_uint64 (file, GROUP, "seed", crapette_match_get_seed (match));
  g_key_file_set_string (file, GROUP, "variant",
                         self->variant == CRAPETTE_VARIANT_AMERICAN ? "american" : "russian");
  g_key_file_set_string (file, GROUP, "rules", rules);
  g_key_file_set_integer (file, GROUP, "length", (int) self->length);
  g_key_file_set_string (file, GROUP, "state", state);
  g_key_file_set_integer (file, GROUP, "end-reason", (int) self->end_reason);
  g_key_file_set_string (file, GROUP, "error", self->error != NULL ? self->error : "");
  g_key_file_set_uint64 (file, GROUP, "epoch", self->epoch);
  g_key_file_set_uint64 (file, GROUP, "peer-epoch", self->reader.last_epoch);
  g_key_file_set_boolean (file, GROUP, "journal", TRUE);
  crapette_net_peer_keep_call (self, file);
  crapette_net_peer_keep_hidden (self, file);
  data = g_key_file_to_data (file, &length, NULL);

  /* A new match (its seed in the header changed) or lists that went back: the journal
   * starts again with everything; otherwise only what came since the last call. */
  anew = self->kept_header == NULL || self->kept_seed != crapette_match_get_seed (match) ||
         self->sent->len < self->kept_sent || self->moves->len < self->kept_moves;
  if (anew)
    {
      self->kept_sent = self->kept_moves = 0;
      self->kept_seq = 0;
    }
  /* A line of the hidden deal counts as received only once it has been acted on: until
   * then the other sends it again after a restart (crapette-net-peer-receive.c). */
  last_seq = self->acting_seq != 0 ? self->acting_seq - 1 : self->reader.last_seq;
  entries = g_string_new (NULL);
  for (guint i = self->kept_sent; i < self->sent->len; i++)
    g_string_append_printf (entries, "s %s\n", (const char *) g_ptr_array_index (self->sent, i));
  for (guint i = self->kept_moves; i < self->moves->len; i++)
    g_string_append_printf (entries, "m %s\n", (const char *) g_ptr_array_index (self->moves, i));
  if (last_seq != self->kept_seq)
    g_string_append_printf (entries, "r %" G_GUINT64_FORMAT "\n", last_seq);

  folder = g_path_get_dirname (self->state_path);
  /* The key is in the file: only its owner may read it. The journal is written first, so a
   * header never names a match whose journal is another's. */
  if (g_mkdir_with_parents (folder, 0700) != 0)
    g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (errno), "%s", g_strerror (errno));
  else if ((anew || entries->len > 0) && !write_journal (self, entries, anew, &error))
    ;
  else if (g_strcmp0 (data, self->kept_header) != 0 &&
           !g_file_set_contents_full (self->state_path, data, (gssize) length,
                                      G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    ;
  else
    {
      self->kept_sent = self->sent->len;
      self->kept_moves = self->moves->len;
      self->kept_seq = last_seq;
      self->kept_seed = crapette_match_get_seed (match);
      g_free (self->kept_header);
      self->kept_header = g_steal_pointer (&data);
      return;
    }
  g_warning ("Could not keep the network match in “%s”: %s", self->state_path,
             error != NULL ? error->message : "");
  /* Written whole next time. */
  g_clear_pointer (&self->kept_header, g_free);
}

void
crapette_net_peer_set_state_path (CrapetteNetPeer *self,
                                  const char      *path,
                                  const char      *carrier)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));

  g_free (self->state_path);
  self->state_path = g_strdup (path);
  g_free (self->carrier);
  self->carrier = g_strdup (carrier);
  crapette_net_peer_keep_state (self);
}

static gboolean
refuse (GError     **error,
        const char  *message)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, message);
  return FALSE;
}

/* Loads @path and checks it describes the match on @session's table. */
static GKeyFile *
load_for_match (const char       *path,
                CrapetteSession  *session,
                GError          **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  CrapetteMatch *match = crapette_session_get_match (session);
  g_autofree char *name = NULL;
  g_autofree char *peer_name = NULL;
  g_autofree char *role = NULL;
  const char *south, *north;
  gboolean host;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, error))
    return NULL;
  if (g_key_file_get_integer (file, GROUP, "version", NULL) != STATE_VERSION)
    {
      refuse (error, _("The network match was kept by another version of Crapette"));
      return NULL;
    }
  role = g_key_file_get_string (file, GROUP, "role", NULL);
  name = g_key_file_get_string (file, GROUP, "name", NULL);
  peer_name = g_key_file_get_string (file, GROUP, "peer-name", NULL);
  if (match == NULL || role == NULL || name == NULL || peer_name == NULL)
    {
      refuse (error, _("The network match kept on disk is not the saved game"));
      return NULL;
    }
  host = g_str_equal (role, "host");
  south = crapette_match_get_player_name (match, CRAPETTE_SOUTH);
  north = crapette_match_get_player_name (match, CRAPETTE_NORTH);
  if ((!host && !g_str_equal (role, "guest")) ||
      g_key_file_get_uint64 (file, GROUP, "seed", NULL) != crapette_match_get_seed (match) ||
      crapette_match_get_opponent (match) != CRAPETTE_OPPONENT_TWO_PLAYERS ||
      g_strcmp0 (south, host ? name : peer_name) != 0 ||
      g_strcmp0 (north, host ? peer_name : name) != 0)
    {
      refuse (error, _("The network match kept on disk is not the saved game"));
      return NULL;
    }
  return g_steal_pointer (&file);
}

gboolean
crapette_net_peer_peek_state (const char       *path,
                              CrapetteSession  *session,
                              CrapetteNetRole  *role,
                              char            **carrier,
                              GError          **error)
{
  g_autoptr(GKeyFile) file = NULL;
  g_autofree char *role_text = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (CRAPETTE_IS_SESSION (session), FALSE);

  file = load_for_match (path, session, error);
  if (file == NULL)
    return FALSE;
  role_text = g_key_file_get_string (file, GROUP, "role", NULL);
  if (role != NULL)
    *role = g_str_equal (role_text, "host") ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST;
  if (carrier != NULL)
    *carrier = g_key_file_get_string (file, GROUP, "carrier", NULL);
  return TRUE;
}

/* Plays, from the list of the match's moves, those the table does not show yet. */
static gboolean
replay_moves (CrapetteNetPeer  *self,
              char            **moves,
              GError          **error)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteGame *game = crapette_session_get_game (self->session);
  CrapetteSeat remote = crapette_net_peer_get_remote_seat (self);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      const CrapettePosition *position;
      const char *notation;
      guint64 round_number, index;
      CrapetteMove move;
      CrapetteSeat mover;
      guint current, n_moves;
      gboolean played;

      if (!crapette_net_split_move (moves[i], &round_number, &index, &notation))
        return refuse (error, _("The network match kept on disk is damaged"));
      current = crapette_match_get_round_number (match);
      n_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
      if (round_number < current || (round_number == current && index < n_moves))
        continue;
      if (index == 0 && round_number == current + 1 && !crapette_match_is_round_in_play (match) &&
          !crapette_match_is_finished (match))
        {
          crapette_session_next_round (self->session);
          current = crapette_match_get_round_number (match);
          n_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
        }
      if (round_number != current || index != n_moves)
        return refuse (error, _("The network match kept on disk does not follow the saved game"));
      position = crapette_round_get_position (crapette_game_get_round (game));
      /* A card the hidden deal opened and the saved game had not caught. */
      crapette_net_peer_hidden_show_opened (self);
      position = crapette_round_get_position (crapette_game_get_round (game));
      if (!crapette_notation_parse_move (position, notation, &move, &local_error))
        return refuse (error, local_error->message);
      mover = move.kind == CRAPETTE_MOVE_STOP ? crapette_position_caller (position)
                                              : (CrapetteSeat) position->to_move;
      self->applying_remote = TRUE;
      if (mover == remote)
        played = move.kind == CRAPETTE_MOVE_STOP
                 ? crapette_session_call_remote (self->session, &local_error)
                 : crapette_session_play_remote (self->session, &move, &local_error);
      else
        played = move.kind == CRAPETTE_MOVE_STOP
                 ? crapette_session_play_answered_call (self->session, mover, &local_error)
                 : crapette_session_play (self->session, mover, &move, &local_error);
      self->applying_remote = FALSE;
      if (!played)
        return refuse (error, local_error->message);
    }
  return TRUE;
}

/* Reads the journal beside @path: the lines sealed, the moves and the last number received. */
static gboolean
read_journal (const char  *path,
              GStrv       *sent,
              GStrv       *moves,
              guint64     *last_seq)
{
  g_autofree char *journal = journal_path (path);
  g_autofree char *contents = NULL;
  g_autoptr(GStrvBuilder) sent_lines = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) move_lines = g_strv_builder_new ();
  char *line, *next;

  *last_seq = 0;
  if (!g_file_get_contents (journal, &contents, NULL, NULL))
    return FALSE;
  for (line = contents; *line != '\0'; line = next)
    {
      char *end = strchr (line, '\n');

      /* A last entry cut short by a kill is not an entry. */
      if (end == NULL)
        break;
      *end = '\0';
      next = end + 1;
      if (g_str_has_prefix (line, "s "))
        g_strv_builder_add (sent_lines, line + 2);
      else if (g_str_has_prefix (line, "m "))
        g_strv_builder_add (move_lines, line + 2);
      else if (!g_str_has_prefix (line, "r ") ||
               !g_ascii_string_to_unsigned (line + 2, 10, 0, G_MAXUINT64, last_seq, NULL))
        return FALSE;
    }
  *sent = g_strv_builder_end (sent_lines);
  *moves = g_strv_builder_end (move_lines);
  return TRUE;
}

CrapetteNetPeer *
crapette_net_peer_restore (CrapetteSession    *session,
                           CrapetteTransport  *transport,
                           const char         *path,
                           GError            **error)
{
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(CrapetteNetPeer) self = NULL;
  g_autofree char *role = NULL;
  g_autofree char *key_hex = NULL;
  g_autofree char *name = NULL;
  g_autofree char *state = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *carrier = NULL;
  g_autofree char *message = NULL;
  g_auto(GStrv) sent = NULL;
  g_auto(GStrv) moves = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  CrapetteMatch *match;
  CrapetteGame *game;
  guint64 last_seq;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (session), NULL);
  g_return_val_if_fail (CRAPETTE_IS_TRANSPORT (transport), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  file = load_for_match (path, session, error);
  if (file == NULL)
    return NULL;
  role = g_key_file_get_string (file, GROUP, "role", NULL);
  key_hex = g_key_file_get_string (file, GROUP, "key", NULL);
  name = g_key_file_get_string (file, GROUP, "name", NULL);
  state = g_key_file_get_string (file, GROUP, "state", NULL);
  variant = g_key_file_get_string (file, GROUP, "variant", NULL);
  rules = g_key_file_get_string (file, GROUP, "rules", NULL);
  carrier = g_key_file_get_string (file, GROUP, "carrier", NULL);
  message = g_key_file_get_string (file, GROUP, "error", NULL);
  if (g_key_file_get_boolean (file, GROUP, "journal", NULL))
    {
      if (!read_journal (path, &sent, &moves, &last_seq))
        {
          refuse (error, _("The network match kept on disk is damaged"));
          return NULL;
        }
    }
  else
    {
      sent = g_key_file_get_string_list (file, GROUP, "sent", NULL, NULL);
      moves = g_key_file_get_string_list (file, GROUP, "moves", NULL, NULL);
      last_seq = g_key_file_get_uint64 (file, GROUP, "last-seq", NULL);
    }
  if (key_hex == NULL || !crapette_net_parse_hex (key_hex, key, sizeof key) || state == NULL ||
      variant == NULL || rules == NULL)
    {
      refuse (error, _("The network match kept on disk is damaged"));
      return NULL;
    }

  self = crapette_net_peer_new (session, transport,
                                g_str_equal (role, "host") ? CRAPETTE_NET_ROLE_HOST
                                                           : CRAPETTE_NET_ROLE_GUEST,
                                key, name);
  memset (key, 0, sizeof key);
  self->peer_name = g_key_file_get_string (file, GROUP, "peer-name", NULL);
  self->have_hello = TRUE;
  self->variant = g_str_equal (variant, "american") ? CRAPETTE_VARIANT_AMERICAN
                                                    : CRAPETTE_VARIANT_RUSSIAN;
  if (!crapette_notation_parse_rules (rules, &self->rules, NULL))
    crapette_rules_init_default (&self->rules);
  self->length = (guint) g_key_file_get_integer (file, GROUP, "length", NULL);
  self->epoch = g_key_file_get_uint64 (file, GROUP, "epoch", NULL);
  self->reader.last_epoch = g_key_file_get_uint64 (file, GROUP, "peer-epoch", NULL);
  self->reader.last_seq = last_seq;
  for (guint i = 0; sent != NULL && sent[i] != NULL; i++)
    g_ptr_array_add (self->sent, g_strdup (sent[i]));
  self->flushed = self->sent->len;
  for (guint i = 0; moves != NULL && moves[i] != NULL; i++)
    g_ptr_array_add (self->moves, g_strdup (moves[i]));

  /* The other player's seat is theirs from the first moment, whatever comes next. */
  crapette_session_set_remote_seat (session, crapette_net_peer_get_remote_seat (self));
  if (!crapette_net_peer_restore_hidden (self, file, error))
    return NULL;
  if (g_str_equal (state, "playing"))
    {
      self->state = CRAPETTE_NET_PEER_PLAYING;
      self->restoring = TRUE;
      if (moves != NULL && !replay_moves (self, moves, error))
        {
          self->restoring = FALSE;
          return NULL;
        }
      self->restoring = FALSE;
    }
  else
    {
      self->state = g_str_equal (state, "failed") ? CRAPETTE_NET_PEER_FAILED
                                                  : CRAPETTE_NET_PEER_ENDED;
      self->end_reason = (CrapetteNetEnd) CLAMP (g_key_file_get_integer (file, GROUP,
                                                                         "end-reason", NULL),
                                                 CRAPETTE_NET_END_NONE,
                                                 CRAPETTE_NET_END_PEER_FAULT);
      if (message != NULL && *message != '\0')
        self->error = g_steal_pointer (&message);
    }

  match = crapette_session_get_match (session);
  game = crapette_session_get_game (session);
  self->before = *crapette_round_get_position (crapette_game_get_round (game));
  self->before_round = crapette_match_get_round_number (match);
  self->before_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
  crapette_net_peer_restore_call (self, file);

  /* As after any cut: the first connection resynchronises, and until then the friend is
   * absent, with the grace period counting down. */
  self->was_connected = TRUE;
  self->last_heard_us = self->absent_since_us = g_get_monotonic_time ();
  self->grace_left = (self->grace_ms + 999) / 1000;
  self->state_path = g_strdup (path);
  self->carrier = g_steal_pointer (&carrier);
  g_set_weak_pointer (&self->kept_match, match);
  crapette_net_peer_hidden_resume (self);
  crapette_net_peer_resume_waiting_call (self, file);
  crapette_net_peer_keep_state (self);
  crapette_net_peer_restart_tick (self);
  if (crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED)
    crapette_net_peer_set_transport (self, transport);
  return g_steal_pointer (&self);
}

/* crapette-net-peer-deal.c: the hello and the deal both ends agree on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Neither end may choose the deal: each draws a seed, sends the SHA-256 of it (with its role,
 * so that the other cannot copy the commitment and then the seed) and shows the seed only
 * once it holds the other's commitment. The deal number is drawn from both seeds together,
 * so it is unknown to both until both are revealed, and a seed changed after the fact no
 * longer matches its commitment.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "crapette-notation.h"

/* Deal numbers stay short enough to read out, as the session's own are. */
#define MAX_DEAL_NUMBER 1000000

/* The longest name a match record keeps (docs/notation.md). */
#define MAX_NAME_CHARS 64

static const char *
role_word (CrapetteNetRole role)
{
  return role == CRAPETTE_NET_ROLE_HOST ? "host" : "guest";
}

static gboolean
refuse_hello (GError **error)
{
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                   _("The other player’s program proposed a game this program "
                                     "cannot play"));
}

/* ---- Hello ------------------------------------------------------------------ */

static void
append_field (GString    *payload,
              const char *key,
              const char *value)
{
  g_autofree char *escaped = g_uri_escape_string (value, NULL, FALSE);

  if (payload->len > 0)
    g_string_append_c (payload, ' ');
  g_string_append_printf (payload, "%s=%s", key, escaped);
}

void
crapette_net_peer_send_hello (CrapetteNetPeer *self)
{
  g_autoptr(GString) payload = g_string_new (NULL);
  g_autofree char *version = g_strdup_printf ("%d", CRAPETTE_NET_PROTOCOL_VERSION);

  append_field (payload, "version", version);
  append_field (payload, "role", role_word (self->role));
  append_field (payload, "name", self->name);
  /* An older program reads past a field it does not know and deals by seed. */
  if (self->hidden_offered)
    append_field (payload, "deal", "hidden");
  if (self->role == CRAPETTE_NET_ROLE_HOST)
    {
      g_autofree char *rules = crapette_notation_format_rules (&self->rules);
      g_autofree char *length = g_strdup_printf ("%u", self->length);

      append_field (payload, "variant",
                    self->variant == CRAPETTE_VARIANT_AMERICAN ? "american" : "russian");
      append_field (payload, "rules", rules);
      append_field (payload, "length", length);
    }
  crapette_net_peer_send (self, CRAPETTE_NET_HELLO, payload->str);
}

static gboolean
name_is_acceptable (const char *name)
{
  if (!g_utf8_validate (name, -1, NULL) || g_utf8_strlen (name, -1) > MAX_NAME_CHARS)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      return FALSE;
  return TRUE;
}

/* Reads the fields of a hello into a table, each at most once, every value unescaped. */
static GHashTable *
read_fields (const char *payload)
{
  g_autoptr(GHashTable) fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) words = g_strsplit (payload, " ", 16);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *equals = strchr (words[i], '=');
      char *value;

      if (equals == NULL || equals == words[i] || i >= 15)
        return NULL;
      value = g_uri_unescape_string (equals + 1, NULL);
      if (value == NULL)
        return NULL;
      if (!g_hash_table_insert (fields, g_strndup (words[i], (gsize) (equals - words[i])), value))
        return NULL;
    }
  return g_steal_pointer (&fields);
}

static gboolean
read_match_fields (CrapetteNetPeer  *self,
                   GHashTable       *fields,
                   GError          **error)
{
  const char *variant = g_hash_table_lookup (fields, "variant");
  const char *rules = g_hash_table_lookup (fields, "rules");
  const char *length = g_hash_table_lookup (fields, "length");
  guint64 number;

  if (variant == NULL || rules == NULL || length == NULL)
    return refuse_hello (error);
  if (g_str_equal (variant, "russian"))
    self->variant = CRAPETTE_VARIANT_RUSSIAN;
  else if (g_str_equal (variant, "american"))
    self->variant = CRAPETTE_VARIANT_AMERICAN;
  else
    return refuse_hello (error);
  if (!crapette_notation_parse_rules (rules, &self->rules, NULL) ||
      !g_ascii_string_to_unsigned (length, 10, 0, 1000000, &number, NULL) ||
      !crapette_match_length_is_valid (self->variant, (guint) number))
    return refuse_hello (error);
  self->length = (guint) number;
  return TRUE;
}

gboolean
crapette_net_peer_read_hello (CrapetteNetPeer  *self,
                              const char       *payload,
                              GError          **error)
{
  g_autoptr(GHashTable) fields = read_fields (payload);
  const char *version, *role, *name;
  CrapetteNetRole peer_role = self->role == CRAPETTE_NET_ROLE_HOST ? CRAPETTE_NET_ROLE_GUEST
                                                                   : CRAPETTE_NET_ROLE_HOST;

  if (fields == NULL)
    return refuse_hello (error);
  version = g_hash_table_lookup (fields, "version");
  role = g_hash_table_lookup (fields, "role");
  name = g_hash_table_lookup (fields, "name");
  if (version == NULL || !g_str_equal (version, G_STRINGIFY (CRAPETTE_NET_PROTOCOL_VERSION)))
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_VERSION,
                                     _("The other player has another version of Crapette: both "
                                       "need the same version to play across the network"));
  if (role == NULL || !g_str_equal (role, role_word (peer_role)) || name == NULL ||
      !name_is_acceptable (name))
    return refuse_hello (error);
  if (self->role == CRAPETTE_NET_ROLE_GUEST && !read_match_fields (self, fields, error))
    return FALSE;

  self->peer_offers_hidden = g_strcmp0 (g_hash_table_lookup (fields, "deal"), "hidden") == 0;
  g_free (self->peer_name);
  self->peer_name = g_strdup (name);
  self->have_hello = TRUE;
  return TRUE;
}

/* ---- Commit and reveal ------------------------------------------------------ */

static void
compute_commitment (CrapetteNetRole  role,
                    const guint8    *seed,
                    guint8          *digest)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = 32;

  g_checksum_update (checksum, (const guchar *) "crapette-commit", sizeof "crapette-commit");
  g_checksum_update (checksum, (const guchar *) role_word (role), (gssize) strlen (role_word (role)) + 1);
  g_checksum_update (checksum, seed, CRAPETTE_NET_SEED_SIZE);
  g_checksum_get_digest (checksum, digest, &size);
}

/* Draws a fresh seed and sends the commitment to it. */
void
crapette_net_peer_begin_deal (CrapetteNetPeer *self)
{
  guint8 digest[32];
  g_autofree char *hex = NULL;

  for (guint i = 0; i < CRAPETTE_NET_SEED_SIZE; i += 4)
    {
      guint32 word = g_random_int ();

      memcpy (self->seed + i, &word, 4);
    }
  self->committed = TRUE;
  self->have_commit = FALSE;
  self->revealed = FALSE;
  self->rematch_offered = FALSE;
  self->peer_rematch_offered = FALSE;
  self->state = CRAPETTE_NET_PEER_AGREEING;
  compute_commitment (self->role, self->seed, digest);
  hex = crapette_net_format_hex (digest, sizeof digest);
  crapette_net_peer_send (self, CRAPETTE_NET_COMMIT, hex);
}

gboolean
crapette_net_peer_read_commit (CrapetteNetPeer  *self,
                               const char       *payload,
                               GError          **error)
{
  g_autofree char *hex = NULL;

  if (!self->have_hello || !self->committed || self->have_commit)
    return crapette_net_peer_refuse_order (error);
  if (!crapette_net_parse_hex (payload, self->peer_commit, sizeof self->peer_commit))
    return crapette_net_peer_refuse_garbage (error);
  self->have_commit = TRUE;
  /* Only now, with the other's seed fixed, may ours be shown. */
  hex = crapette_net_format_hex (self->seed, CRAPETTE_NET_SEED_SIZE);
  self->revealed = TRUE;
  crapette_net_peer_send (self, CRAPETTE_NET_REVEAL, hex);
  return TRUE;
}

static guint64
mix_seeds (const guint8 *host_seed,
           const guint8 *guest_seed)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize size = sizeof digest;
  guint64 number = 0;

  g_checksum_update (checksum, (const guchar *) "crapette-deal", sizeof "crapette-deal");
  g_checksum_update (checksum, host_seed, CRAPETTE_NET_SEED_SIZE);
  g_checksum_update (checksum, guest_seed, CRAPETTE_NET_SEED_SIZE);
  g_checksum_get_digest (checksum, digest, &size);
  for (guint i = 0; i < 8; i++)
    number = number << 8 | digest[i];
  return number % (MAX_DEAL_NUMBER - 1) + 1;
}

static void
start_match (CrapetteNetPeer *self,
             guint64          deal_number)
{
  CrapetteGame *game = crapette_session_get_game (self->session);
  g_autoptr(CrapetteMatch) match = crapette_match_new (game, self->variant, &self->rules,
                                                       self->length, deal_number);
  gboolean host = self->role == CRAPETTE_NET_ROLE_HOST;
  const CrapetteRound *round;

  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS,
                              host ? self->name : self->peer_name,
                              host ? self->peer_name : self->name);
  crapette_session_set_remote_seat (self->session, crapette_net_peer_get_remote_seat (self));
  g_ptr_array_set_size (self->moves, 0);
  self->state = CRAPETTE_NET_PEER_PLAYING;
  self->end_reason = CRAPETTE_NET_END_NONE;
  self->hidden = self->hidden_offered && self->peer_offers_hidden;
  crapette_game_set_hidden_deals (game, self->hidden);
  crapette_session_start_match (self->session, match);
  crapette_net_peer_hidden_start_match (self);
  g_object_notify (G_OBJECT (self), "deal-hidden");
  g_set_weak_pointer (&self->kept_match, match);

  round = crapette_game_get_round (game);
  self->before = *crapette_round_get_position (round);
  self->before_round = crapette_match_get_round_number (match);
  self->before_moves = crapette_round_get_n_moves (round);
  crapette_net_peer_keep_state (self);
  g_object_notify (G_OBJECT (self), "state");
}

gboolean
crapette_net_peer_read_reveal (CrapetteNetPeer  *self,
                               const char       *payload,
                               GError          **error)
{
  guint8 peer_seed[CRAPETTE_NET_SEED_SIZE];
  guint8 digest[32];
  CrapetteNetRole peer_role = self->role == CRAPETTE_NET_ROLE_HOST ? CRAPETTE_NET_ROLE_GUEST
                                                                   : CRAPETTE_NET_ROLE_HOST;

  if (!self->have_commit || !self->revealed)
    return crapette_net_peer_refuse_order (error);
  if (!crapette_net_parse_hex (payload, peer_seed, sizeof peer_seed))
    return crapette_net_peer_refuse_garbage (error);
  compute_commitment (peer_role, peer_seed, digest);
  if (memcmp (digest, self->peer_commit, sizeof digest) != 0)
    return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_PROTOCOL,
                                     _("The other player’s program tried to choose the deal"));

  self->committed = FALSE;
  self->have_commit = FALSE;
  start_match (self, self->role == CRAPETTE_NET_ROLE_HOST ? mix_seeds (self->seed, peer_seed)
                                                          : mix_seeds (peer_seed, self->seed));
  return TRUE;
}

/* The SHA-256 of the position on the table, as its notation: what a resynchronisation
 * compares, so that two tables that only look alike are found out. */
char *
crapette_net_peer_position_hash (CrapetteNetPeer *self)
{
  CrapetteGame *game = crapette_session_get_game (self->session);
  g_autofree char *text =
    crapette_notation_format_position (crapette_round_get_position (crapette_game_get_round (game)));

  return crapette_net_sha256_hex (text, strlen (text));
}

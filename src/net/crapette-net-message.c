/* crapette-net-message.c: one authenticated, numbered line of the network protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader trusts nothing it has not checked: the length first (so a huge line costs no
 * more than its measuring), then the form, then the MAC, and only then the number, so that
 * a line from someone without the key never moves the sequence on.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-message.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "crapette-transport.h"

#define MAC_HEX_LENGTH 64

/* Numbers past this are refused: a match never sends a billionth of them. */
#define MAX_SEQ G_GUINT64_CONSTANT (1000000000000)

G_DEFINE_QUARK (crapette-net-error-quark, crapette_net_error)

static const char *const kind_words[CRAPETTE_NET_N_KINDS] = {
  [CRAPETTE_NET_HELLO] = "hello",
  [CRAPETTE_NET_COMMIT] = "commit",
  [CRAPETTE_NET_REVEAL] = "reveal",
  [CRAPETTE_NET_MOVE] = "move",
  [CRAPETTE_NET_RESIGN] = "resign",
  [CRAPETTE_NET_REMATCH] = "rematch",
  [CRAPETTE_NET_PRESET] = "preset",
  [CRAPETTE_NET_PING] = "ping",
  [CRAPETTE_NET_RESYNC] = "resync",
  [CRAPETTE_NET_BYE] = "bye",
  [CRAPETTE_NET_CALL] = "call",
  [CRAPETTE_NET_DECK] = "deck",
  [CRAPETTE_NET_KEY] = "key",
  [CRAPETTE_NET_SECRET] = "secret",
};

const char *
crapette_net_kind_to_string (CrapetteNetKind kind)
{
  g_return_val_if_fail (kind < CRAPETTE_NET_N_KINDS, NULL);

  return kind_words[kind];
}

static gboolean
kind_from_string (const char      *word,
                  gsize            length,
                  CrapetteNetKind *kind)
{
  for (guint i = 0; i < CRAPETTE_NET_N_KINDS; i++)
    if (strlen (kind_words[i]) == length && memcmp (kind_words[i], word, length) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

/* The MAC covers everything a relay might change: the version, who sent it, its number,
 * its kind and its payload, each closed by a NUL so that no two messages give one text. */
static char *
compute_mac (const guint8    *key,
             CrapetteNetRole  sender,
             guint64          seq,
             const char      *kind,
             const char      *payload)
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, key, CRAPETTE_NET_KEY_SIZE);
  g_autofree char *version = g_strdup_printf ("crapette-net/%d", CRAPETTE_NET_PROTOCOL_VERSION);
  g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, seq);
  const char *parts[] = { version, sender == CRAPETTE_NET_ROLE_HOST ? "host" : "guest",
                          number, kind, payload };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_hmac_update (hmac, (const guchar *) parts[i], (gssize) strlen (parts[i]) + 1);
  return g_strdup (g_hmac_get_string (hmac));
}

char *
crapette_net_message_seal (const guint8    *key,
                           CrapetteNetRole  sender,
                           guint64          seq,
                           CrapetteNetKind  kind,
                           const char      *payload)
{
  g_autofree char *mac = NULL;

  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (kind < CRAPETTE_NET_N_KINDS, NULL);
  g_return_val_if_fail (payload != NULL, NULL);

  mac = compute_mac (key, sender, seq, kind_words[kind], payload);
  if (*payload == '\0')
    return g_strdup_printf ("%" G_GUINT64_FORMAT " %s %s", seq, kind_words[kind], mac);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %s %s %s", seq, kind_words[kind], mac,
                          payload);
}

void
crapette_net_reader_init (CrapetteNetReader *reader,
                          const guint8      *key,
                          CrapetteNetRole    sender)
{
  g_return_if_fail (reader != NULL);
  g_return_if_fail (key != NULL);

  memset (reader, 0, sizeof *reader);
  memcpy (reader->key, key, CRAPETTE_NET_KEY_SIZE);
  reader->sender = sender;
}

void
crapette_net_message_clear (CrapetteNetMessage *message)
{
  g_clear_pointer (&message->payload, g_free);
}

static gboolean
refuse_garbage (GError **error)
{
  g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_GARBAGE,
                       _("The other player’s program sent something that is not part of a "
                         "game"));
  return FALSE;
}

/* Reads a decimal number without sign or leading zero, at most MAX_SEQ. */
static gboolean
parse_number (const char *text,
              gsize       length,
              guint64    *value)
{
  guint64 number = 0;

  if (length == 0 || length > 13 || (length > 1 && text[0] == '0'))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      number = number * 10 + (guint64) (text[i] - '0');
    }
  if (number > MAX_SEQ)
    return FALSE;
  *value = number;
  return TRUE;
}

/* Whether the two MACs are equal, in a time that does not tell where they differ. */
static gboolean
macs_equal (const char *a,
            const char *b)
{
  guint8 difference = 0;

  for (gsize i = 0; i < MAC_HEX_LENGTH; i++)
    difference |= (guint8) (a[i] ^ b[i]);
  return difference == 0;
}

/* The words of a line: its number, its kind and its MAC, and where the payload starts. */
typedef struct
{
  guint64 seq;
  CrapetteNetKind kind;
  const char *mac;
  const char *payload;
} LineParts;

static gboolean
split_line (const char *line,
            gsize       length,
            LineParts  *parts)
{
  const char *space = memchr (line, ' ', length);
  const char *kind, *kind_end, *end = line + length;

  if (space == NULL || !parse_number (line, (gsize) (space - line), &parts->seq))
    return FALSE;
  kind = space + 1;
  kind_end = memchr (kind, ' ', (gsize) (end - kind));
  if (kind_end == NULL || !kind_from_string (kind, (gsize) (kind_end - kind), &parts->kind))
    return FALSE;
  parts->mac = kind_end + 1;
  if ((gsize) (end - parts->mac) < MAC_HEX_LENGTH)
    return FALSE;
  for (guint i = 0; i < MAC_HEX_LENGTH; i++)
    if (!g_ascii_isxdigit (parts->mac[i]) || g_ascii_isupper (parts->mac[i]))
      return FALSE;
  if (parts->mac + MAC_HEX_LENGTH == end)
    parts->payload = end;
  else if (parts->mac[MAC_HEX_LENGTH] == ' ' && parts->mac + MAC_HEX_LENGTH + 1 < end)
    parts->payload = parts->mac + MAC_HEX_LENGTH + 1;
  else
    return FALSE;
  return TRUE;
}

/* A resynchronisation carries no place in the sequence (it says where the sequence was cut)
 * but an epoch of its own, its first word, which must grow, so that it cannot be replayed. */
static gboolean
check_place (CrapetteNetReader  *reader,
             const LineParts    *parts,
             GError            **error)
{
  if (parts->kind == CRAPETTE_NET_RESYNC && parts->seq == 0)
    {
      const char *space = strchr (parts->payload, ' ');
      guint64 epoch;

      if (!parse_number (parts->payload, space != NULL ? (gsize) (space - parts->payload)
                                                       : strlen (parts->payload), &epoch))
        return refuse_garbage (error);
      if (epoch <= reader->last_epoch)
        {
          g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_REPLAYED,
                               _("A message from the other player came twice: someone on "
                                 "the way is replaying it"));
          return FALSE;
        }
      reader->last_epoch = epoch;
      reader->after_cut = TRUE;
      return TRUE;
    }
  /* After a cut, a line already taken may come again, sealed as it was: the carrier held it
   * while the room was empty and delivered it, and the resynchronisation sends it again. It
   * changes nothing, so it is dropped; before any cut, a number seen before is a replay. */
  if (parts->seq <= reader->last_seq && reader->after_cut)
    return FALSE;
  if (parts->seq <= reader->last_seq)
    {
      g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_REPLAYED,
                           _("A message from the other player came twice: someone on the way "
                             "is replaying it"));
      return FALSE;
    }
  if (parts->seq != reader->last_seq + 1)
    {
      g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_OUT_OF_ORDER,
                           _("Messages from the other player came out of order or went "
                             "missing"));
      return FALSE;
    }
  reader->last_seq = parts->seq;
  return TRUE;
}

gboolean
crapette_net_reader_accept (CrapetteNetReader   *reader,
                            const char          *line,
                            CrapetteNetMessage  *message,
                            GError             **error)
{
  g_autofree char *mac = NULL;
  LineParts parts;
  gsize length;

  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (line != NULL, FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  /* Measured only up to the limit, so a huge line is never walked to its end. */
  for (length = 0; length <= CRAPETTE_TRANSPORT_MAX_LINE && line[length] != '\0'; length++)
    ;
  if (length > CRAPETTE_TRANSPORT_MAX_LINE)
    {
      g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_TOO_LONG,
                           _("The other player’s program sent a message far longer than any "
                             "game needs"));
      return FALSE;
    }
  if (!g_utf8_validate (line, (gssize) length, NULL) || !split_line (line, length, &parts))
    return refuse_garbage (error);
  for (const char *p = parts.payload; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      return refuse_garbage (error);

  mac = compute_mac (reader->key, reader->sender, parts.seq, kind_words[parts.kind],
                     parts.payload);
  if (!macs_equal (mac, parts.mac))
    {
      g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_FORGED,
                           _("A message did not come from the other player: it was changed "
                             "or forged on the way"));
      return FALSE;
    }
  if (!check_place (reader, &parts, error))
    return FALSE;

  message->seq = parts.seq;
  message->kind = parts.kind;
  message->payload = g_strdup (parts.payload);
  return TRUE;
}

char *
crapette_net_sha256_hex (const void *data,
                         gsize       length)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, data, length);
}

gboolean
crapette_net_parse_hex (const char *hex,
                        guint8     *bytes,
                        gsize       size)
{
  g_return_val_if_fail (hex != NULL, FALSE);

  if (strlen (hex) != size * 2)
    return FALSE;
  for (gsize i = 0; i < size; i++)
    {
      int high = g_ascii_xdigit_value (hex[2 * i]);
      int low = g_ascii_xdigit_value (hex[2 * i + 1]);

      if (high < 0 || low < 0)
        return FALSE;
      bytes[i] = (guint8) (high << 4 | low);
    }
  return TRUE;
}

char *
crapette_net_format_hex (const guint8 *bytes,
                         gsize         size)
{
  GString *text = g_string_sized_new (size * 2);

  for (gsize i = 0; i < size; i++)
    g_string_append_printf (text, "%02x", bytes[i]);
  return g_string_free (text, FALSE);
}

/* crapette-net-carrier.c: how to reach the other end again, in words kept on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The peer keeps its match in network-match.ini with the carrier's words
 * (crapette-net-peer-saved.c), so that a copy killed and started again rejoins:
 *
 *   host ADDRESS PORT                              a direct host: listen there again
 *   crapette-direct://HOST:PORT/?pin=…&key=…       a direct guest: join that address again
 *   xmpp JID SERVER ROOM NICKNAME CA               through an XMPP room: sign in and join again
 *
 * XMPP's words are each percent-escaped, "-" for none (SERVER is host:port to connect to
 * instead of DNS, CA a certificate file to trust). The password is never among them: the
 * caller finds it again (the keyring, CRAPETTE_XMPP_PASSWORD), or signs in as a guest.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "crapette-direct-address.h"
#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-net-carrier.h"

#define XMPP_WORDS 6

static char *
escape_word (const char *word)
{
  if (word == NULL || *word == '\0')
    return g_strdup ("-");
  return g_uri_escape_string (word, NULL, FALSE);
}

static char *
unescape_word (const char *word)
{
  if (g_str_equal (word, "-"))
    return NULL;
  return g_uri_unescape_string (word, NULL);
}

static gboolean
refuse (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The network match kept on disk is damaged"));
  return FALSE;
}

char *
crapette_net_carrier_format_xmpp (const CrapetteXmppAccount *account,
                                  const char                *room,
                                  const char                *nickname)
{
  g_autofree char *server = NULL;
  g_autofree char *jid = NULL;
  g_autofree char *room_word = NULL;
  g_autofree char *nick = NULL;
  g_autofree char *ca = NULL;
  g_autofree char *server_word = NULL;

  g_return_val_if_fail (account != NULL && account->jid != NULL, NULL);
  g_return_val_if_fail (room != NULL && nickname != NULL, NULL);

  if (account->host != NULL && *account->host != '\0')
    server = account->port != 0 ? g_strdup_printf ("%s:%u", account->host, account->port)
                                : g_strdup (account->host);
  jid = escape_word (account->jid);
  server_word = escape_word (server);
  room_word = escape_word (room);
  nick = escape_word (nickname);
  ca = escape_word (account->ca_file);
  return g_strdup_printf ("xmpp %s %s %s %s %s", jid, server_word, room_word, nick, ca);
}

/* Splits XMPP words into their XMPP_WORDS - 1 values (NULL for "-"), the server's port
 * taken off into @port (0 for none); FALSE if damaged. */
static gboolean
split_xmpp (const char  *carrier,
            char       **values,
            guint16     *port)
{
  g_auto (GStrv) words = g_strsplit (carrier, " ", XMPP_WORDS + 1);

  if (g_strv_length (words) != XMPP_WORDS || !g_str_equal (words[0], "xmpp"))
    return FALSE;
  for (guint i = 1; i < XMPP_WORDS; i++)
    {
      if (*words[i] == '\0')
        return FALSE;
      values[i - 1] = unescape_word (words[i]);
      if (values[i - 1] == NULL && !g_str_equal (words[i], "-"))
        return FALSE;   /* an escape that does not decode */
    }
  *port = 0;
  if (values[1] != NULL && strrchr (values[1], ':') != NULL)
    {
      char *colon = strrchr (values[1], ':');
      guint64 number;

      if (!g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &number, NULL))
        return FALSE;
      *colon = '\0';
      *port = (guint16) number;
    }
  /* The address, the room and the nickname are never missing. */
  return values[0] != NULL && values[2] != NULL && values[3] != NULL;
}

static void
clear_values (char **values)
{
  for (guint i = 0; i < XMPP_WORDS - 1; i++)
    g_clear_pointer (&values[i], g_free);
}

gboolean
crapette_net_carrier_is_xmpp (const char  *carrier,
                              char       **jid)
{
  char *values[XMPP_WORDS - 1] = { NULL };
  guint16 port;
  gboolean ok;

  g_return_val_if_fail (carrier != NULL, FALSE);

  ok = split_xmpp (carrier, values, &port);
  if (ok && jid != NULL)
    *jid = g_steal_pointer (&values[0]);
  clear_values (values);
  return ok;
}

static CrapetteTransport *
reopen_xmpp (const char  *carrier,
             const char  *password,
             GError     **error)
{
  char *values[XMPP_WORDS - 1] = { NULL };
  CrapetteXmppAccount account = { 0 };
  CrapetteXmppTransport *transport;
  guint16 port;

  if (!split_xmpp (carrier, values, &port))
    {
      clear_values (values);
      refuse (error);
      return NULL;
    }
  account.jid = values[0];
  account.password = password;
  account.host = values[1];
  account.port = port;
  account.ca_file = values[4];
  transport = crapette_xmpp_transport_new (&account, values[2], values[3]);
  clear_values (values);
  return CRAPETTE_TRANSPORT (transport);
}

CrapetteTransport *
crapette_net_carrier_reopen (CrapetteNetRole   role,
                             const char       *carrier,
                             const char       *password,
                             GError          **error)
{
  g_return_val_if_fail (carrier != NULL, NULL);

  if (g_str_has_prefix (carrier, "xmpp "))
    return reopen_xmpp (carrier, password, error);
  if (role == CRAPETTE_NET_ROLE_HOST)
    {
      g_auto (GStrv) words = g_strsplit (carrier, " ", 4);
      g_autofree char *path = crapette_direct_certificate_get_path ();
      g_autoptr (GTlsCertificate) certificate = NULL;
      guint64 port;

      if (g_strv_length (words) != 3 || !g_str_equal (words[0], "host") ||
          !g_ascii_string_to_unsigned (words[2], 10, 1, 65535, &port, NULL))
        {
          refuse (error);
          return NULL;
        }
      certificate = crapette_direct_certificate_load (path, error);
      if (certificate == NULL)
        return NULL;
      return CRAPETTE_TRANSPORT (crapette_direct_transport_listen (words[1], (guint16) port,
                                                                   certificate, error));
    }
  else
    {
      g_autofree char *host = NULL;
      g_autofree char *pin = NULL;
      guint8 key[CRAPETTE_NET_KEY_SIZE];
      guint16 port;

      if (!crapette_direct_address_parse (carrier, &host, &port, &pin, key, error))
        return NULL;
      memset (key, 0, sizeof key);
      return CRAPETTE_TRANSPORT (crapette_direct_transport_connect (host, port, pin));
    }
}

/* crapette-invitation.c: the invitation to a match over the internet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-invitation.h"

#include <string.h>
#include <sys/random.h>

#include <glib/gi18n-lib.h>

/* The short code's letters: no I, L, O or U, which are read as other letters or as digits. */
static const char code_alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
static const char base64url_alphabet[] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#define ROOM_PREFIX "crapette-"
#define CODE_LENGTH 8
#define SECRET_TEXT_LENGTH 43
/* Longer than any real invitation; a pasted page of text is refused before it is read. */
#define MAX_TEXT_LENGTH 512

struct _CrapetteInvitation
{
  guint8 secret[CRAPETTE_INVITATION_SECRET_SIZE];
  guint8 key[CRAPETTE_INVITATION_KEY_SIZE];
  char *server;
  char *code;
  char *display_code;
  char *room;
  char *uri;
};

G_DEFINE_BOXED_TYPE (CrapetteInvitation, crapette_invitation,
                     crapette_invitation_copy, crapette_invitation_free)
G_DEFINE_QUARK (crapette-invitation-error-quark, crapette_invitation_error)

/* HMAC-SHA-256 of @label under the secret: one derivation per use, so that the room's
 * name, which the server sees, tells nothing about the key. */
static void
derive (const guint8 *secret,
        const char   *label,
        guint8        out[32])
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, secret, CRAPETTE_INVITATION_SECRET_SIZE);
  gsize length = 32;

  g_hmac_update (hmac, (const guchar *) label, -1);
  g_hmac_get_digest (hmac, out, &length);
  g_assert (length == 32);
}

static char *
encode_secret (const guint8 *secret)
{
  GString *text = g_string_sized_new (SECRET_TEXT_LENGTH);
  guint32 bits = 0;
  guint n_bits = 0;

  for (gsize i = 0; i < CRAPETTE_INVITATION_SECRET_SIZE; i++)
    {
      bits = (bits << 8) | secret[i];
      n_bits += 8;
      while (n_bits >= 6)
        {
          n_bits -= 6;
          g_string_append_c (text, base64url_alphabet[(bits >> n_bits) & 0x3f]);
        }
    }
  if (n_bits > 0)
    g_string_append_c (text, base64url_alphabet[(bits << (6 - n_bits)) & 0x3f]);
  g_assert (text->len == SECRET_TEXT_LENGTH);
  return g_string_free (text, FALSE);
}

/* Reads exactly SECRET_TEXT_LENGTH characters of unpadded base64url; the unused low bits of
 * the last character must be zero, so that one secret has one spelling. */
static gboolean
decode_secret (const char *text,
               guint8      secret[CRAPETTE_INVITATION_SECRET_SIZE])
{
  guint32 bits = 0;
  guint n_bits = 0;
  gsize n_bytes = 0;

  if (strlen (text) != SECRET_TEXT_LENGTH)
    return FALSE;
  for (gsize i = 0; i < SECRET_TEXT_LENGTH; i++)
    {
      const char *found = text[i] != '\0' ? strchr (base64url_alphabet, text[i]) : NULL;

      if (found == NULL)
        return FALSE;
      bits = (bits << 6) | (guint32) (found - base64url_alphabet);
      n_bits += 6;
      if (n_bits >= 8)
        {
          n_bits -= 8;
          secret[n_bytes++] = (bits >> n_bits) & 0xff;
        }
    }
  return n_bytes == CRAPETTE_INVITATION_SECRET_SIZE && (bits & ((1u << n_bits) - 1)) == 0;
}

/* The room's code: the first 40 bits of its own derivation, in code_alphabet. */
static char *
code_for_secret (const guint8 *secret)
{
  guint8 digest[32];
  guint64 bits = 0;
  char code[CODE_LENGTH + 1];

  derive (secret, "Crapette invitation room code 1", digest);
  for (guint i = 0; i < 5; i++)
    bits = (bits << 8) | digest[i];
  for (guint i = 0; i < CODE_LENGTH; i++)
    code[i] = code_alphabet[(bits >> (5 * (CODE_LENGTH - 1 - i))) & 0x1f];
  code[CODE_LENGTH] = '\0';
  return g_strdup (code);
}

/* Whether @name (already lowercase) is a server's name: dot-separated labels of letters,
 * digits and inner hyphens, as DNS allows. */
static gboolean
is_server_name (const char *name)
{
  gsize length = strlen (name);
  gsize label_length = 0;

  if (length == 0 || length > 253)
    return FALSE;
  for (gsize i = 0; i <= length; i++)
    {
      char c = name[i];

      if (c == '.' || c == '\0')
        {
          if (label_length == 0 || label_length > 63 || name[i - 1] == '-')
            return FALSE;
          label_length = 0;
        }
      else if (g_ascii_islower (c) || g_ascii_isdigit (c) || (c == '-' && label_length > 0))
        label_length++;
      else
        return FALSE;
    }
  return TRUE;
}

static void
set_error (GError                  **error,
           CrapetteInvitationError   code)
{
  const char *message = NULL;

  switch (code)
    {
    case CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION:
      message = _("This is not an invitation to a game of Crapette.");
      break;
    case CRAPETTE_INVITATION_ERROR_DAMAGED:
      message = _("This invitation is damaged or incomplete: copy the whole link again.");
      break;
    case CRAPETTE_INVITATION_ERROR_BAD_SERVER:
      message = _("The server named in this invitation is not a valid address.");
      break;
    }
  g_set_error_literal (error, CRAPETTE_INVITATION_ERROR, code, message);
}

CrapetteInvitation *
crapette_invitation_new_with_secret (const char    *muc_domain,
                                     const guint8  *secret,
                                     GError       **error)
{
  g_autoptr(CrapetteInvitation) self = NULL;
  g_autofree char *server = NULL;
  g_autofree char *secret_text = NULL;
  g_autofree char *upper_code = NULL;

  g_return_val_if_fail (muc_domain != NULL, NULL);
  g_return_val_if_fail (secret != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  server = g_ascii_strdown (muc_domain, -1);
  if (!is_server_name (server))
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_BAD_SERVER);
      return NULL;
    }

  self = g_new0 (CrapetteInvitation, 1);
  memcpy (self->secret, secret, CRAPETTE_INVITATION_SECRET_SIZE);
  derive (secret, "Crapette protocol message key 1", self->key);
  self->server = g_steal_pointer (&server);
  self->code = code_for_secret (secret);
  self->room = g_strconcat (ROOM_PREFIX, self->code, "@", self->server, NULL);
  upper_code = g_ascii_strup (self->code, -1);
  /* In two halves, as people read a code aloud. */
  self->display_code = g_strdup_printf ("%.4s-%s", upper_code, upper_code + 4);
  secret_text = encode_secret (secret);
  self->uri = g_strconcat ("xmpp:", self->room, "?join;secret=", secret_text, NULL);
  return g_steal_pointer (&self);
}

CrapetteInvitation *
crapette_invitation_new (const char  *muc_domain,
                         GError     **error)
{
  guint8 secret[CRAPETTE_INVITATION_SECRET_SIZE];
  CrapetteInvitation *self;

  g_return_val_if_fail (muc_domain != NULL, NULL);

  /* getrandom() without flags blocks only until the kernel's pool is first seeded, which
   * has long happened by the time a person invites a friend. */
  if (getrandom (secret, sizeof secret, 0) != (ssize_t) sizeof secret)
    g_error ("The system gave no random bytes for an invitation's secret");
  self = crapette_invitation_new_with_secret (muc_domain, secret, error);
  memset (secret, 0, sizeof secret);
  return self;
}

/* Reads "crapette-CODE@server?join;secret=S" (what follows "xmpp:"). */
static CrapetteInvitation *
parse_room_and_secret (const char  *text,
                       GError     **error)
{
  const char *at, *question;
  g_autofree char *code = NULL;
  g_autofree char *server = NULL;
  g_autoptr(CrapetteInvitation) self = NULL;
  guint8 secret[CRAPETTE_INVITATION_SECRET_SIZE];

  if (g_ascii_strncasecmp (text, ROOM_PREFIX, strlen (ROOM_PREFIX)) != 0)
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
      return NULL;
    }
  text += strlen (ROOM_PREFIX);
  at = strchr (text, '@');
  question = strchr (text, '?');
  if (at == NULL || at - text != CODE_LENGTH || (question != NULL && question < at))
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_DAMAGED);
      return NULL;
    }
  code = g_ascii_strdown (text, CODE_LENGTH);
  if (strspn (code, code_alphabet) != CODE_LENGTH)
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_DAMAGED);
      return NULL;
    }
  server = g_ascii_strdown (at + 1, question != NULL ? question - at - 1 : -1);
  if (!is_server_name (server))
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_BAD_SERVER);
      return NULL;
    }
  if (question == NULL || !g_str_has_prefix (question, "?join;secret=")
      || !decode_secret (question + strlen ("?join;secret="), secret))
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_DAMAGED);
      return NULL;
    }

  self = crapette_invitation_new_with_secret (server, secret, error);
  memset (secret, 0, sizeof secret);
  if (self == NULL)
    return NULL;
  /* The room's code is the secret's: a link cut or mistyped in either part is caught. */
  if (strcmp (self->code, code) != 0)
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_DAMAGED);
      return NULL;
    }
  return g_steal_pointer (&self);
}

CrapetteInvitation *
crapette_invitation_parse (const char  *text,
                           GError     **error)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (strlen (text) > MAX_TEXT_LENGTH || !g_utf8_validate (text, -1, NULL))
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
      return NULL;
    }
  stripped = g_strstrip (g_strdup (text));
  if (g_ascii_strncasecmp (stripped, "xmpp:", 5) != 0)
    {
      set_error (error, CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
      return NULL;
    }
  return parse_room_and_secret (stripped + 5, error);
}

CrapetteInvitation *
crapette_invitation_copy (const CrapetteInvitation *self)
{
  CrapetteInvitation *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->server = g_strdup (self->server);
  copy->code = g_strdup (self->code);
  copy->display_code = g_strdup (self->display_code);
  copy->room = g_strdup (self->room);
  copy->uri = g_strdup (self->uri);
  return copy;
}

void
crapette_invitation_free (CrapetteInvitation *self)
{
  if (self == NULL)
    return;
  g_free (self->server);
  g_free (self->code);
  g_free (self->display_code);
  g_free (self->room);
  g_free (self->uri);
  /* The secret and key are cleared so that they do not linger in freed memory. */
  memset (self, 0, sizeof *self);
  g_free (self);
}

const char *
crapette_invitation_get_uri (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->uri;
}

const char *
crapette_invitation_get_code (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->display_code;
}

const char *
crapette_invitation_get_room (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->room;
}

const char *
crapette_invitation_get_server (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->server;
}

const guint8 *
crapette_invitation_get_secret (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->secret;
}

const guint8 *
crapette_invitation_get_key (const CrapetteInvitation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->key;
}

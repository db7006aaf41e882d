/* xmpp-test-invitation.c: the invitation to an internet match, made and read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-invitation.h"

static const guint8 fixed_secret[CRAPETTE_INVITATION_SECRET_SIZE] = {
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
  0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0xff,
};

static void
test_round_trip (void)
{
  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CrapetteInvitation) made = crapette_invitation_new ("Conference.Example.org",
                                                                    &error);
      g_autoptr(CrapetteInvitation) read = NULL;
      const char *uri;

      g_assert_no_error (error);
      uri = crapette_invitation_get_uri (made);
      g_assert_true (g_str_has_prefix (uri, "xmpp:crapette-"));
      g_assert_true (g_str_has_suffix (crapette_invitation_get_room (made),
                                       "@conference.example.org"));
      g_assert_cmpstr (crapette_invitation_get_server (made), ==, "conference.example.org");
      g_assert_cmpuint (strlen (crapette_invitation_get_code (made)), ==, 9);
      g_assert_cmpint (crapette_invitation_get_code (made)[4], ==, '-');

      read = crapette_invitation_parse (uri, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (crapette_invitation_get_uri (read), ==, uri);
      g_assert_cmpstr (crapette_invitation_get_code (read), ==, crapette_invitation_get_code (made));
      g_assert_cmpstr (crapette_invitation_get_room (read), ==, crapette_invitation_get_room (made));
      g_assert_cmpmem (crapette_invitation_get_secret (read), CRAPETTE_INVITATION_SECRET_SIZE,
                       crapette_invitation_get_secret (made), CRAPETTE_INVITATION_SECRET_SIZE);
      g_assert_cmpmem (crapette_invitation_get_key (read), CRAPETTE_INVITATION_KEY_SIZE,
                       crapette_invitation_get_key (made), CRAPETTE_INVITATION_KEY_SIZE);
    }
}

/* Two invitations never share a secret: the secret is random, not a counter or the clock. */
static void
test_secrets_differ (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < 500; i++)
    {
      g_autoptr(CrapetteInvitation) made = crapette_invitation_new ("example.org", NULL);

      g_assert_true (g_hash_table_add (seen, g_strdup (crapette_invitation_get_uri (made))));
    }
}

/* The secret's spelling, the code and the key are fixed by the secret alone. */
static void
test_fixed_secret (void)
{
  g_autoptr(CrapetteInvitation) made =
    crapette_invitation_new_with_secret ("conference.example.org", fixed_secret, NULL);
  g_autoptr(CrapetteInvitation) again =
    crapette_invitation_new_with_secret ("conference.example.org", fixed_secret, NULL);
  g_autoptr(CrapetteInvitation) copy = crapette_invitation_copy (made);
  g_autofree char *expected_tail = g_strdup ("?join;secret=AAECAwQFBgcICQoLDA0OD_Dh0sO0pZaHeGlaSzwtHv8");

  g_assert_true (g_str_has_suffix (crapette_invitation_get_uri (made), expected_tail));
  g_assert_cmpstr (crapette_invitation_get_uri (again), ==, crapette_invitation_get_uri (made));
  g_assert_cmpstr (crapette_invitation_get_uri (copy), ==, crapette_invitation_get_uri (made));
  /* The key is derived, never the secret itself, which the link carries in the clear. */
  g_assert_true (memcmp (crapette_invitation_get_key (made), fixed_secret,
                         CRAPETTE_INVITATION_KEY_SIZE) != 0);
  g_assert_cmpmem (crapette_invitation_get_key (copy), CRAPETTE_INVITATION_KEY_SIZE,
                   crapette_invitation_get_key (made), CRAPETTE_INVITATION_KEY_SIZE);
}

/* What a person may paste around a good link: spaces and a newline, capital letters. */
static void
test_pasted_forms (void)
{
  g_autoptr(CrapetteInvitation) made =
    crapette_invitation_new_with_secret ("conference.example.org", fixed_secret, NULL);
  const char *uri = crapette_invitation_get_uri (made);
  g_autofree char *spaced = g_strdup_printf ("  %s\n", uri);
  g_autofree char *upper_room = g_strdup (uri);
  g_autoptr(CrapetteInvitation) read_spaced = NULL;
  g_autoptr(CrapetteInvitation) read_upper = NULL;
  char *question = strchr (upper_room, '?');

  /* Upper-case everything before the secret, whose letters are case-sensitive. */
  for (char *c = upper_room; c < question; c++)
    *c = g_ascii_toupper (*c);

  read_spaced = crapette_invitation_parse (spaced, NULL);
  g_assert_nonnull (read_spaced);
  g_assert_cmpstr (crapette_invitation_get_uri (read_spaced), ==, uri);
  read_upper = crapette_invitation_parse (upper_room, NULL);
  g_assert_nonnull (read_upper);
  g_assert_cmpstr (crapette_invitation_get_uri (read_upper), ==, uri);
}

static void
assert_refused (const char              *text,
                CrapetteInvitationError  expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteInvitation) read = crapette_invitation_parse (text, &error);

  if (read != NULL)
    g_error ("accepted: %s", text);
  g_assert_error (error, CRAPETTE_INVITATION_ERROR, (gint) expected);
  g_assert_nonnull (error->message);
  g_assert_cmpuint (strlen (error->message), >, 10);
}

static void
test_garbage_refused (void)
{
  g_autoptr(CrapetteInvitation) made =
    crapette_invitation_new_with_secret ("conference.example.org", fixed_secret, NULL);
  const char *uri = crapette_invitation_get_uri (made);
  g_autofree char *cut = g_strndup (uri, strlen (uri) - 1);
  g_autofree char *longer = g_strconcat (uri, "A", NULL);
  g_autofree char *extra = g_strconcat (uri, ";x=1", NULL);
  g_autofree char *fragment = g_strconcat (uri, "#top", NULL);
  g_autofree char *other_code = g_strdup (uri);
  g_autofree char *other_secret = g_strdup (uri);
  g_autofree char *not_canonical = g_strdup (uri);
  g_autofree char *huge = g_strnfill (100000, 'x');
  g_autofree char *no_query = g_strndup (uri, strchr (uri, '?') - uri);
  char *last;

  /* One letter of the code changed: the code no longer matches the secret. */
  other_code[strlen ("xmpp:crapette-")] =
    other_code[strlen ("xmpp:crapette-")] == '2' ? '3' : '2';
  /* One letter of the secret changed. */
  last = other_secret + strlen (other_secret) - 10;
  *last = *last == 'A' ? 'B' : 'A';
  /* The last letter's unused bits set: the same bytes, spelt differently. */
  last = not_canonical + strlen (not_canonical) - 1;
  *last = (char) (*last + 1);

  assert_refused ("", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("hello", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("https://example.org/", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("xmpp:friend@example.org", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("xmpp://crapette-x@example.org", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused (huge, CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("xmpp:\xff\xfe", CRAPETTE_INVITATION_ERROR_NOT_AN_INVITATION);
  assert_refused ("xmpp:crapette-abc@example.org?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused ("xmpp:crapette-iiiiiiii@example.org?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (cut, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (longer, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (extra, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (fragment, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (other_code, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (other_secret, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (not_canonical, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused (no_query, CRAPETTE_INVITATION_ERROR_DAMAGED);
  assert_refused ("xmpp:crapette-abcdefgh@exa_mple.org?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_BAD_SERVER);
  assert_refused ("xmpp:crapette-abcdefgh@-example.org?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_BAD_SERVER);
  assert_refused ("xmpp:crapette-abcdefgh@example..org?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_BAD_SERVER);
  assert_refused ("xmpp:crapette-abcdefgh@example.org/desk?join;secret=x",
                  CRAPETTE_INVITATION_ERROR_BAD_SERVER);
  assert_refused ("xmpp:crapette-abcdefgh@?join;secret=x", CRAPETTE_INVITATION_ERROR_BAD_SERVER);
}

static void
test_bad_server_refused_when_made (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteInvitation) made = crapette_invitation_new ("not a server", &error);

  g_assert_null (made);
  g_assert_error (error, CRAPETTE_INVITATION_ERROR, CRAPETTE_INVITATION_ERROR_BAD_SERVER);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/invitation/round-trip", test_round_trip);
  g_test_add_func ("/invitation/secrets-differ", test_secrets_differ);
  g_test_add_func ("/invitation/fixed-secret", test_fixed_secret);
  g_test_add_func ("/invitation/pasted-forms", test_pasted_forms);
  g_test_add_func ("/invitation/garbage-refused", test_garbage_refused);
  g_test_add_func ("/invitation/bad-server-refused-when-made", test_bad_server_refused_when_made);

  return g_test_run ();
}

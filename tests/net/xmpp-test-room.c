/* xmpp-test-room.c: what the XMPP carrier reads in a chat room's stanzas, and what it sends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No server: stanzas as a server would send them, read by crapette-xmpp-room.c.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-transport.h"
#include "crapette-xmpp-room.h"

#define ROOM "crapette-k7qm3xpa@rooms.example.org"

static xmpp_ctx_t *ctx;

static xmpp_stanza_t *
parse (const char *xml)
{
  xmpp_stanza_t *stanza = xmpp_stanza_new_from_string (ctx, xml);

  g_assert_nonnull (stanza);
  return stanza;
}

static char *
read_message (const char *xml)
{
  xmpp_stanza_t *stanza = parse (xml);
  char *line = crapette_xmpp_room_read_message (stanza, ROOM, "Alice");

  xmpp_stanza_release (stanza);
  return line;
}

static void
test_messages (void)
{
  g_autofree char *line = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *long_body = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE + 1, 'x');
  g_autofree char *long_xml = g_strdup_printf ("<message type='groupchat' from='" ROOM "/Bob'>"
                                               "<body>%s</body></message>", long_body);
  g_autofree char *upper = NULL;

  line = read_message ("<message type='groupchat' from='" ROOM "/Bob'><body>move 1</body>"
                       "</message>");
  g_assert_cmpstr (line, ==, "move 1");
  escaped = read_message ("<message type='groupchat' from='" ROOM "/Bob'>"
                          "<body>&lt;a &amp; b&gt;</body></message>");
  g_assert_cmpstr (escaped, ==, "<a & b>");
  /* The server may spell the room's address in capitals. */
  upper = read_message ("<message type='groupchat' from='CRAPETTE-K7QM3XPA@rooms.example.org/Bob'>"
                        "<body>move 2</body></message>");
  g_assert_cmpstr (upper, ==, "move 2");

  /* Our own echo, the room's history, its subject, a private message, an error, another
   * room, a stranger outside any room, a body of two lines, one too long. */
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "/Alice'>"
                               "<body>mine</body></message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "/Bob'><body>old</body>"
                               "<delay xmlns='urn:xmpp:delay' stamp='2026-12-01T10:00:00Z'/>"
                               "</message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "'><subject/></message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "'><body>hi</body>"
                               "</message>"));
  g_assert_null (read_message ("<message type='chat' from='" ROOM "/Bob'><body>psst</body>"
                               "</message>"));
  g_assert_null (read_message ("<message type='error' from='" ROOM "/Bob'><body>x</body>"
                               "</message>"));
  g_assert_null (read_message ("<message type='groupchat' from='other@rooms.example.org/Bob'>"
                               "<body>x</body></message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "x/Bob'><body>x</body>"
                               "</message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "/Bob'>"
                               "<body>one\ntwo</body></message>"));
  g_assert_null (read_message ("<message type='groupchat' from='" ROOM "/Bob'>"
                               "<no-body/></message>"));
  g_assert_null (read_message (long_xml));
}

static CrapetteXmppPresence
read_presence (const char  *xml,
               char       **nickname)
{
  xmpp_stanza_t *stanza = parse (xml);
  CrapetteXmppPresence presence = crapette_xmpp_room_read_presence (stanza, ROOM, nickname);

  xmpp_stanza_release (stanza);
  return presence;
}

static void
test_presences (void)
{
  g_autofree char *joined_as = NULL;
  g_autofree char *created_as = NULL;

  g_assert_cmpint (read_presence ("<presence from='" ROOM "/Alice 2'>"
                                  "<x xmlns='http://jabber.org/protocol/muc#user'>"
                                  "<item role='participant'/><status code='110'/></x></presence>",
                                  &joined_as), ==, CRAPETTE_XMPP_PRESENCE_JOINED);
  g_assert_cmpstr (joined_as, ==, "Alice 2");
  g_assert_cmpint (read_presence ("<presence from='" ROOM "/Alice'>"
                                  "<x xmlns='http://jabber.org/protocol/muc#user'>"
                                  "<status code='201'/><status code='110'/></x></presence>",
                                  &created_as), ==, CRAPETTE_XMPP_PRESENCE_CREATED);
  g_assert_cmpstr (created_as, ==, "Alice");
  /* Someone else coming in. */
  g_assert_cmpint (read_presence ("<presence from='" ROOM "/Bob'>"
                                  "<x xmlns='http://jabber.org/protocol/muc#user'>"
                                  "<item role='participant'/></x></presence>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_OTHER);
  g_assert_cmpint (read_presence ("<presence from='elsewhere@example.org/x'/>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_OTHER);
  g_assert_cmpint (read_presence ("<presence type='error' from='" ROOM "/Alice'>"
                                  "<error type='cancel'><conflict xmlns='urn:ietf:params:xml:"
                                  "ns:xmpp-stanzas'/></error></presence>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_CONFLICT);
  g_assert_cmpint (read_presence ("<presence type='error' from='" ROOM "/Alice'>"
                                  "<error type='cancel'><item-not-found xmlns='urn:ietf:params:"
                                  "xml:ns:xmpp-stanzas'/></error></presence>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_NOT_YET);
  g_assert_cmpint (read_presence ("<presence type='error' from='" ROOM "/Alice'>"
                                  "<error type='auth'><forbidden xmlns='urn:ietf:params:xml:"
                                  "ns:xmpp-stanzas'/></error></presence>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_REFUSED);
  g_assert_cmpint (read_presence ("<presence type='unavailable' from='" ROOM "/Alice'>"
                                  "<x xmlns='http://jabber.org/protocol/muc#user'>"
                                  "<status code='110'/><status code='332'/></x></presence>",
                                  NULL), ==, CRAPETTE_XMPP_PRESENCE_REMOVED);
  g_assert_cmpint (read_presence ("<presence type='unavailable' from='" ROOM "/Alice'>"
                                  "<x xmlns='http://jabber.org/protocol/muc#user'>"
                                  "<item nick='Alicia'/><status code='303'/>"
                                  "<status code='110'/></x></presence>", NULL),
                   ==, CRAPETTE_XMPP_PRESENCE_OTHER);
}

static char *
to_text (xmpp_stanza_t *stanza)
{
  char *buffer = NULL;
  size_t length = 0;
  char *text;

  g_assert_cmpint (xmpp_stanza_to_text (stanza, &buffer, &length), ==, XMPP_EOK);
  text = g_strndup (buffer, length);
  xmpp_free (ctx, buffer);
  xmpp_stanza_release (stanza);
  return text;
}

static void
test_sent_stanzas (void)
{
  g_autofree char *join = to_text (crapette_xmpp_room_join_stanza (ctx, ROOM, "Alice"));
  g_autofree char *leave = to_text (crapette_xmpp_room_leave_stanza (ctx, ROOM, "Alice"));
  g_autofree char *unlock = to_text (crapette_xmpp_room_unlock_stanza (ctx, ROOM));
  g_autofree char *message = to_text (crapette_xmpp_room_message_stanza (ctx, ROOM, "a<b"));

  g_assert_nonnull (strstr (join, "to=\"" ROOM "/Alice\""));
  g_assert_nonnull (strstr (join, "<history maxstanzas=\"0\"/>"));
  g_assert_nonnull (strstr (leave, "type=\"unavailable\""));
  /* Without the form's type, Prosody refuses the form and keeps a new room locked. */
  g_assert_nonnull (strstr (unlock, "<value>http://jabber.org/protocol/muc#roomconfig</value>"));
  g_assert_nonnull (strstr (message, "type=\"groupchat\""));
  g_assert_nonnull (strstr (message, "<body>a&lt;b</body>"));
}

static void
test_valid_lines (void)
{
  g_autofree char *longest = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE, 'x');
  g_autofree char *too_long = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE + 1, 'x');

  g_assert_true (crapette_xmpp_room_line_is_valid ("", 0));
  g_assert_true (crapette_xmpp_room_line_is_valid ("move\t1 «é»", strlen ("move\t1 «é»")));
  g_assert_true (crapette_xmpp_room_line_is_valid (longest, strlen (longest)));
  g_assert_false (crapette_xmpp_room_line_is_valid (too_long, strlen (too_long)));
  g_assert_false (crapette_xmpp_room_line_is_valid ("a\nb", 3));
  g_assert_false (crapette_xmpp_room_line_is_valid ("a\rb", 3));
  g_assert_false (crapette_xmpp_room_line_is_valid ("a\x01", 2));
  g_assert_false (crapette_xmpp_room_line_is_valid ("\xff", 1));
  g_assert_false (crapette_xmpp_room_line_is_valid ("\xef\xbf\xbe", 3));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  xmpp_initialize ();
  ctx = xmpp_ctx_new (NULL, NULL);

  g_test_add_func ("/xmpp-room/messages", test_messages);
  g_test_add_func ("/xmpp-room/presences", test_presences);
  g_test_add_func ("/xmpp-room/sent-stanzas", test_sent_stanzas);
  g_test_add_func ("/xmpp-room/valid-lines", test_valid_lines);

  status = g_test_run ();
  xmpp_ctx_free (ctx);
  xmpp_shutdown ();
  return status;
}

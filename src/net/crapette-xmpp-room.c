/* crapette-xmpp-room.c: the stanzas of a multi-user chat room (XEP-0045), built and read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-room.h"

#include <string.h>

#include "crapette-transport.h"

#define NS_MUC "http://jabber.org/protocol/muc"
#define NS_MUC_USER "http://jabber.org/protocol/muc#user"
#define NS_MUC_OWNER "http://jabber.org/protocol/muc#owner"
#define NS_DATA_FORMS "jabber:x:data"
#define NS_DELAY "urn:xmpp:delay"
#define NS_STANZAS "urn:ietf:params:xml:ns:xmpp-stanzas"

static xmpp_stanza_t *
new_element (xmpp_ctx_t *ctx,
             const char *name,
             const char *ns)
{
  xmpp_stanza_t *element = xmpp_stanza_new (ctx);

  xmpp_stanza_set_name (element, name);
  if (ns != NULL)
    xmpp_stanza_set_ns (element, ns);
  return element;
}

/* Adds @child to @parent and lets go of the caller's reference to it. */
static xmpp_stanza_t *
adopt (xmpp_stanza_t *parent,
       xmpp_stanza_t *child)
{
  xmpp_stanza_add_child (parent, child);
  xmpp_stanza_release (child);
  return child;
}

xmpp_stanza_t *
crapette_xmpp_room_join_stanza (xmpp_ctx_t *ctx,
                                const char *room,
                                const char *nickname)
{
  g_autofree char *to = g_strconcat (room, "/", nickname, NULL);
  xmpp_stanza_t *presence = xmpp_presence_new (ctx);
  xmpp_stanza_t *muc = adopt (presence, new_element (ctx, "x", NS_MUC));
  xmpp_stanza_t *history = adopt (muc, new_element (ctx, "history", NULL));

  xmpp_stanza_set_to (presence, to);
  /* The room's past messages belong to an earlier session of the match (or to someone
   * else's): the protocol resynchronises by itself. */
  xmpp_stanza_set_attribute (history, "maxstanzas", "0");
  return presence;
}

xmpp_stanza_t *
crapette_xmpp_room_leave_stanza (xmpp_ctx_t *ctx,
                                 const char *room,
                                 const char *nickname)
{
  g_autofree char *to = g_strconcat (room, "/", nickname, NULL);
  xmpp_stanza_t *presence = xmpp_presence_new (ctx);

  xmpp_stanza_set_to (presence, to);
  xmpp_stanza_set_type (presence, "unavailable");
  return presence;
}

/* Adds a form field <field var="@name"><value>@value</value></field> to @form. */
static void
add_field (xmpp_ctx_t    *ctx,
           xmpp_stanza_t *form,
           const char    *name,
           const char    *value)
{
  xmpp_stanza_t *field = adopt (form, new_element (ctx, "field", NULL));
  xmpp_stanza_t *value_element = adopt (field, new_element (ctx, "value", NULL));
  xmpp_stanza_t *text = xmpp_stanza_new (ctx);

  xmpp_stanza_set_attribute (field, "var", name);
  xmpp_stanza_set_text (text, value);
  adopt (value_element, text);
}

xmpp_stanza_t *
crapette_xmpp_room_unlock_stanza (xmpp_ctx_t *ctx,
                                  const char *room)
{
  xmpp_stanza_t *iq = xmpp_iq_new (ctx, "set", "crapette-unlock");
  xmpp_stanza_t *query = adopt (iq, new_element (ctx, "query", NS_MUC_OWNER));
  xmpp_stanza_t *form = adopt (query, new_element (ctx, "x", NS_DATA_FORMS));

  xmpp_stanza_set_to (iq, room);
  xmpp_stanza_set_type (form, "submit");
  add_field (ctx, form, "FORM_TYPE", "http://jabber.org/protocol/muc#roomconfig");
  /* Not listed in the server's directory of rooms: only the invitation leads to it. */
  add_field (ctx, form, "muc#roomconfig_publicroom", "0");
  return iq;
}

xmpp_stanza_t *
crapette_xmpp_room_message_stanza (xmpp_ctx_t *ctx,
                                   const char *room,
                                   const char *line)
{
  xmpp_stanza_t *message = xmpp_message_new (ctx, "groupchat", room, NULL);

  xmpp_message_set_body (message, line);
  return message;
}

/* Whether the bare part of @jid is @room, and its resource (NULL if none) in @resource. */
static gboolean
is_from_room (const char  *jid,
              const char  *room,
              const char **resource)
{
  const char *slash;
  gsize room_length = strlen (room);

  *resource = NULL;
  if (jid == NULL)
    return FALSE;
  slash = strchr (jid, '/');
  if ((slash != NULL ? (gsize) (slash - jid) : strlen (jid)) != room_length
      || g_ascii_strncasecmp (jid, room, room_length) != 0)
    return FALSE;
  *resource = slash != NULL ? slash + 1 : NULL;
  return TRUE;
}

static gboolean
has_status (xmpp_stanza_t *muc_user,
            const char    *code)
{
  for (xmpp_stanza_t *child = muc_user != NULL ? xmpp_stanza_get_children (muc_user) : NULL;
       child != NULL; child = xmpp_stanza_get_next (child))
    {
      if (g_strcmp0 (xmpp_stanza_get_name (child), "status") == 0
          && g_strcmp0 (xmpp_stanza_get_attribute (child, "code"), code) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The name of the defined condition inside an error stanza's <error/>, or NULL. */
static const char *
error_condition (xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *error = xmpp_stanza_get_child_by_name (stanza, "error");

  for (xmpp_stanza_t *child = error != NULL ? xmpp_stanza_get_children (error) : NULL;
       child != NULL; child = xmpp_stanza_get_next (child))
    {
      if (g_strcmp0 (xmpp_stanza_get_ns (child), NS_STANZAS) == 0)
        return xmpp_stanza_get_name (child);
    }
  return NULL;
}

CrapetteXmppPresence
crapette_xmpp_room_read_presence (xmpp_stanza_t  *presence,
                                  const char     *room,
                                  char          **nickname_out)
{
  const char *resource, *type, *condition;
  xmpp_stanza_t *muc_user;

  if (!is_from_room (xmpp_stanza_get_from (presence), room, &resource) || resource == NULL)
    return CRAPETTE_XMPP_PRESENCE_OTHER;
  type = xmpp_stanza_get_type (presence);
  if (g_strcmp0 (type, "error") == 0)
    {
      condition = error_condition (presence);
      if (g_strcmp0 (condition, "conflict") == 0)
        return CRAPETTE_XMPP_PRESENCE_CONFLICT;
      /* Prosody answers a join of a room its creator has not unlocked yet this way. */
      if (g_strcmp0 (condition, "item-not-found") == 0)
        return CRAPETTE_XMPP_PRESENCE_NOT_YET;
      return CRAPETTE_XMPP_PRESENCE_REFUSED;
    }

  /* Status 110 marks the room's presence about ourselves, whatever nickname it settled. */
  muc_user = xmpp_stanza_get_child_by_name_and_ns (presence, "x", NS_MUC_USER);
  if (!has_status (muc_user, "110"))
    return CRAPETTE_XMPP_PRESENCE_OTHER;
  if (g_strcmp0 (type, "unavailable") == 0)
    {
      /* A nickname change (303) leaves and joins again at once; anything else is an end. */
      return has_status (muc_user, "303") ? CRAPETTE_XMPP_PRESENCE_OTHER
                                          : CRAPETTE_XMPP_PRESENCE_REMOVED;
    }
  if (nickname_out != NULL)
    *nickname_out = g_strdup (resource);
  return has_status (muc_user, "201") ? CRAPETTE_XMPP_PRESENCE_CREATED
                                      : CRAPETTE_XMPP_PRESENCE_JOINED;
}

char *
crapette_xmpp_room_read_message (xmpp_stanza_t *message,
                                 const char    *room,
                                 const char    *nickname)
{
  const char *resource;
  xmpp_stanza_t *body;
  char *text;
  g_autofree char *line = NULL;

  if (g_strcmp0 (xmpp_stanza_get_type (message), "groupchat") != 0
      || !is_from_room (xmpp_stanza_get_from (message), room, &resource)
      || resource == NULL || strcmp (resource, nickname) == 0)
    return NULL;
  /* A message with a delay is the room's history, replayed to whoever joins. */
  if (xmpp_stanza_get_child_by_ns (message, NS_DELAY) != NULL)
    return NULL;
  body = xmpp_stanza_get_child_by_name (message, "body");
  if (body == NULL)
    return NULL;
  text = xmpp_stanza_get_text (body);
  line = g_strdup (text != NULL ? text : "");
  if (text != NULL)
    xmpp_free (xmpp_stanza_get_context (message), text);
  if (!crapette_xmpp_room_line_is_valid (line, strlen (line)))
    {
      /* Anyone in the room may post, so a bad body is skipped rather than ending the
       * connection: only the protocol can tell whether it came from the peer. */
      g_debug ("A room message that is not one line was skipped (%zu bytes)", strlen (line));
      return NULL;
    }
  return g_steal_pointer (&line);
}

gboolean
crapette_xmpp_room_line_is_valid (const char *line,
                                  gsize       length)
{
  const char *end = line + length;

  if (length > CRAPETTE_TRANSPORT_MAX_LINE || !g_utf8_validate_len (line, length, NULL))
    return FALSE;
  for (const char *p = line; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t') || c == 0xfffe || c == 0xffff)
        return FALSE;
    }
  return TRUE;
}

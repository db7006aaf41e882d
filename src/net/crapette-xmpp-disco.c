/* crapette-xmpp-disco.c: asking an XMPP server where its chat rooms are (XEP-0030)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The invitation names the room on the host's chat service, so that service must be known
 * before the room's worker starts. This asks the server once, in a thread of its own with a
 * libstrophe context of its own (libstrophe blocks in its TLS handshake), and takes the
 * process's sign-in turn as the room workers do (crapette-xmpp-worker.c: two sign-ins of one
 * process at once broke libstrophe's SCRAM). It signs in, sends disco#items to the domain,
 * then disco#info to every item at once, and takes the first item, in the server's order,
 * that says it is a text conference; then it signs out. Bounded by
 * CRAPETTE_XMPP_DISCO_TIMEOUT_MS.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-disco.h"

#include <string.h>

#include <strophe.h>

#include "crapette-xmpp-worker-private.h"

#define NS_DISCO_ITEMS "http://jabber.org/protocol/disco#items"
#define NS_DISCO_INFO "http://jabber.org/protocol/disco#info"
/* No server lists more than a few dozen items; the rest are not asked about. */
#define MAX_ITEMS 64

typedef struct
{
  char *jid;
  char *password;
  char *host;
  guint16 port;
  char *ca_file;
} Question;

typedef struct
{
  xmpp_ctx_t *ctx;
  xmpp_conn_t *conn;
  const char *domain;
  GPtrArray *items;        /* the items' addresses, in the server's order */
  GArray *answers;         /* per item: 0 not yet, 1 a text conference, 2 not */
  guint n_answered;
  char *found;
  gboolean signed_in;
  gboolean done;
} Asking;

static void
question_free (gpointer data)
{
  Question *question = data;

  g_free (question->jid);
  g_free (question->password);
  g_free (question->host);
  g_free (question->ca_file);
  g_free (question);
}

char *
crapette_xmpp_disco_guess_rooms (const char *jid)
{
  const char *at = strchr (jid, '@');
  const char *domain = at != NULL ? at + 1 : jid;
  const char *slash = strchr (domain, '/');

  return g_strdup_printf ("conference.%.*s", slash != NULL ? (int) (slash - domain)
                                                           : (int) strlen (domain), domain);
}

static xmpp_stanza_t *
query_stanza (xmpp_ctx_t *ctx,
              const char *to,
              const char *id,
              const char *ns)
{
  xmpp_stanza_t *iq = xmpp_iq_new (ctx, "get", id);
  xmpp_stanza_t *query = xmpp_stanza_new (ctx);

  xmpp_stanza_set_to (iq, to);
  xmpp_stanza_set_name (query, "query");
  xmpp_stanza_set_ns (query, ns);
  xmpp_stanza_add_child (iq, query);
  xmpp_stanza_release (query);
  return iq;
}

/* Done once every item has answered: the first text conference, in the server's order. */
static void
check_done (Asking *asking)
{
  for (guint i = 0; i < asking->answers->len; i++)
    {
      int answer = g_array_index (asking->answers, int, i);

      if (answer == 0)
        return;  /* an earlier item has not answered: it may be the one */
      if (answer == 1)
        {
          asking->found = g_strdup (g_ptr_array_index (asking->items, i));
          break;
        }
    }
  asking->done = TRUE;
}

static gboolean
is_text_conference (xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *query;

  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "result") != 0)
    return FALSE;
  query = xmpp_stanza_get_child_by_name_and_ns (stanza, "query", NS_DISCO_INFO);
  for (xmpp_stanza_t *child = query != NULL ? xmpp_stanza_get_children (query) : NULL;
       child != NULL; child = xmpp_stanza_get_next (child))
    if (g_strcmp0 (xmpp_stanza_get_name (child), "identity") == 0 &&
        g_strcmp0 (xmpp_stanza_get_attribute (child, "category"), "conference") == 0 &&
        g_strcmp0 (xmpp_stanza_get_attribute (child, "type"), "text") == 0)
      return TRUE;
  return FALSE;
}

static int
on_info (xmpp_conn_t   *conn,
         xmpp_stanza_t *stanza,
         void          *data)
{
  Asking *asking = data;
  const char *id = xmpp_stanza_get_id (stanza);
  guint64 index;

  if (id == NULL || !g_str_has_prefix (id, "crapette-info-") ||
      !g_ascii_string_to_unsigned (id + strlen ("crapette-info-"), 10, 0,
                                   asking->answers->len - 1, &index, NULL) ||
      g_array_index (asking->answers, int, index) != 0)
    return 1;  /* not an answer of ours: the handler stays */
  g_array_index (asking->answers, int, index) = is_text_conference (stanza) ? 1 : 2;
  check_done (asking);
  return 1;
}

/* An id handler, called once: returning 0 lets it go. */
static int
on_items (xmpp_conn_t   *conn,
          xmpp_stanza_t *stanza,
          void          *data)
{
  Asking *asking = data;
  xmpp_stanza_t *query = xmpp_stanza_get_child_by_name_and_ns (stanza, "query", NS_DISCO_ITEMS);

  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "result") == 0 && query != NULL)
    for (xmpp_stanza_t *child = xmpp_stanza_get_children (query);
         child != NULL && asking->items->len < MAX_ITEMS; child = xmpp_stanza_get_next (child))
      {
        const char *jid = xmpp_stanza_get_attribute (child, "jid");

        /* A service is an address of its own, not a node of one (XEP-0030's "node"). */
        if (g_strcmp0 (xmpp_stanza_get_name (child), "item") == 0 && jid != NULL &&
            *jid != '\0' && xmpp_stanza_get_attribute (child, "node") == NULL)
          g_ptr_array_add (asking->items, g_strdup (jid));
      }
  g_debug ("%s names %u items", asking->domain, asking->items->len);
  g_array_set_size (asking->answers, asking->items->len);
  for (guint i = 0; i < asking->items->len; i++)
    {
      g_autofree char *id = g_strdup_printf ("crapette-info-%u", i);
      xmpp_stanza_t *iq = query_stanza (asking->ctx, g_ptr_array_index (asking->items, i), id,
                                        NS_DISCO_INFO);

      xmpp_send (conn, iq);
      xmpp_stanza_release (iq);
    }
  check_done (asking);
  return 0;
}

static void
on_connection_event (xmpp_conn_t         *conn,
                     xmpp_conn_event_t    event,
                     int                  error,
                     xmpp_stream_error_t *stream_error,
                     void                *data)
{
  Asking *asking = data;
  xmpp_stanza_t *iq;

  if (event == XMPP_CONN_RAW_CONNECT)
    return;
  if (event != XMPP_CONN_CONNECT)
    {
      g_debug ("Asking %s for its chat service: disconnected (error %d)", asking->domain, error);
      asking->done = TRUE;
      return;
    }
  asking->signed_in = TRUE;
  xmpp_handler_add (conn, on_info, NULL, "iq", NULL, asking);
  xmpp_id_handler_add (conn, on_items, "crapette-items", asking);
  iq = query_stanza (asking->ctx, asking->domain, "crapette-items", NS_DISCO_ITEMS);
  xmpp_send (conn, iq);
  xmpp_stanza_release (iq);
}

static void
find_rooms_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  Question *question = data;
  const char *at = strchr (question->jid, '@');
  g_autofree char *domain = g_strdup (at != NULL ? at + 1 : question->jid);
  Asking asking = { 0 };
  gint64 deadline = g_get_monotonic_time () + CRAPETTE_XMPP_DISCO_TIMEOUT_MS * 1000;
  gboolean has_turn;

  crapette_xmpp_library_init ();
  if (strchr (domain, '/') != NULL)
    *strchr (domain, '/') = '\0';
  asking.domain = domain;
  asking.items = g_ptr_array_new_with_free_func (g_free);
  asking.answers = g_array_new (FALSE, TRUE, sizeof (int));
  asking.ctx = xmpp_ctx_new (NULL, NULL);
  asking.conn = xmpp_conn_new (asking.ctx);
  xmpp_conn_set_flags (asking.conn, XMPP_CONN_FLAG_MANDATORY_TLS);
  xmpp_conn_set_jid (asking.conn, question->jid);
  if (question->password != NULL)
    xmpp_conn_set_pass (asking.conn, question->password);
  if (question->ca_file != NULL)
    xmpp_conn_set_cafile (asking.conn, question->ca_file);

  /* The turn is held while signing in only, as a room worker holds it. */
  crapette_xmpp_sign_in_turn_lock ();
  has_turn = TRUE;
  if (xmpp_connect_client (asking.conn, question->host, question->port, on_connection_event,
                           &asking) != XMPP_EOK)
    asking.done = TRUE;
  while (!asking.done && g_get_monotonic_time () < deadline &&
         !g_cancellable_is_cancelled (cancellable))
    {
      xmpp_run_once (asking.ctx, 50);
      if (has_turn && asking.signed_in)
        {
          crapette_xmpp_sign_in_turn_unlock ();
          has_turn = FALSE;
        }
    }
  if (has_turn)
    crapette_xmpp_sign_in_turn_unlock ();
  if (xmpp_conn_is_connected (asking.conn))
    {
      gint64 bye_deadline = g_get_monotonic_time () + G_TIME_SPAN_SECOND;

      asking.done = FALSE;
      xmpp_disconnect (asking.conn);
      while (!asking.done && g_get_monotonic_time () < bye_deadline)
        xmpp_run_once (asking.ctx, 50);
    }
  xmpp_conn_release (asking.conn);
  xmpp_ctx_free (asking.ctx);
  g_ptr_array_unref (asking.items);
  g_array_unref (asking.answers);

  if (asking.found != NULL)
    g_debug ("%s names %s as its chat service", domain, asking.found);
  else
    g_message ("%s named no chat service (XEP-0030); guessing conference.%s", domain, domain);
  g_task_return_pointer (task, asking.found, g_free);
}

void
crapette_xmpp_disco_find_rooms_async (const CrapetteXmppAccount *account,
                                      GCancellable              *cancellable,
                                      GAsyncReadyCallback        callback,
                                      gpointer                   user_data)
{
  g_autoptr (GTask) task = NULL;
  Question *question;

  g_return_if_fail (account != NULL && account->jid != NULL);

  question = g_new0 (Question, 1);
  question->jid = g_strdup (account->jid);
  question->password = g_strdup (account->password);
  question->host = g_strdup (account->host != NULL && *account->host != '\0' ? account->host
                                                                              : NULL);
  question->port = account->port;
  question->ca_file = g_strdup (account->ca_file);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, crapette_xmpp_disco_find_rooms_async);
  g_task_set_task_data (task, question, question_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, find_rooms_thread);
}

char *
crapette_xmpp_disco_find_rooms_finish (GAsyncResult *result,
                                       gboolean     *found)
{
  GTask *task = G_TASK (result);
  Question *question = g_task_get_task_data (task);
  char *service = g_task_propagate_pointer (task, NULL);

  if (found != NULL)
    *found = service != NULL;
  return service != NULL ? service : crapette_xmpp_disco_guess_rooms (question->jid);
}

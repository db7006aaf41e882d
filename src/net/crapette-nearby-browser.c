/* crapette-nearby-browser.c: the games hosted on the same network, as a list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Avahi reports a service once per interface and protocol that carries it (IPv4 and IPv6
 * on each network card). One service is one row: it is shown when its first report is
 * resolved to an address, and goes away when its last report is removed. A report whose TXT
 * records do not make a valid join address, or that speaks another protocol version, is
 * not shown.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-nearby-browser.h"

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#include <net/if.h>

#include "crapette-direct-address.h"
#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-nearby-private.h"

typedef struct
{
  guint reports;              /* interface and protocol pairs that announce it now */
  CrapetteNearbyGame *game;   /* %NULL until resolved (or when unusable) */
} Service;

struct _CrapetteNearbyBrowser
{
  GObject parent_instance;

  AvahiGLibPoll *poll;
  AvahiClient *client;
  AvahiServiceBrowser *browser;
  GHashTable *services;       /* "NAME\nDOMAIN" → Service */
  GPtrArray *games;           /* the rows, in the order they were resolved */
  char *error;
};

static void crapette_nearby_browser_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CrapetteNearbyBrowser, crapette_nearby_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      crapette_nearby_browser_list_model_init))

enum
{
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
service_free (Service *service)
{
  g_clear_object (&service->game);
  g_free (service);
}

static char *
service_key (const char *name,
             const char *domain)
{
  return g_strconcat (name, "\n", domain, NULL);
}

static void
set_error (CrapetteNearbyBrowser *self,
           int                    avahi_error)
{
  g_autofree char *message = crapette_nearby_describe_error (avahi_error, TRUE);

  if (g_strcmp0 (message, self->error) == 0)
    return;
  g_free (self->error);
  self->error = g_steal_pointer (&message);
  g_debug ("No games nearby: %s", self->error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
remove_game (CrapetteNearbyBrowser *self,
             CrapetteNearbyGame    *game)
{
  guint position;

  if (game != NULL && g_ptr_array_find (self->games, game, &position))
    {
      g_ptr_array_remove_index (self->games, position);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
    }
}

/* Returns the value of @key in @txt, or %NULL. */
static char *
txt_value (AvahiStringList *txt,
           const char      *key)
{
  AvahiStringList *item = avahi_string_list_find (txt, key);
  char *item_key = NULL, *value = NULL;
  char *copy;

  if (item == NULL || avahi_string_list_get_pair (item, &item_key, &value, NULL) < 0)
    return NULL;
  copy = g_strdup (value);
  avahi_free (item_key);
  avahi_free (value);
  return copy;
}

/* Writes the host part of the join address: a link-local IPv6 address needs its interface. */
static char *
address_host (const AvahiAddress *address,
              AvahiIfIndex        interface)
{
  char text[AVAHI_ADDRESS_STR_MAX];
  char interface_name[IF_NAMESIZE];

  avahi_address_snprint (text, sizeof text, address);
  if (address->proto == AVAHI_PROTO_INET6 && address->data.ipv6.address[0] == 0xfe &&
      (address->data.ipv6.address[1] & 0xc0) == 0x80 &&
      if_indextoname (interface, interface_name) != NULL)
    return g_strdup_printf ("%s%%25%s", text, interface_name);
  return g_strdup (text);
}

/* Makes the row for a resolved report, or %NULL if it is not a game this program can join. */
static CrapetteNearbyGame *
game_from_report (const char         *name,
                  const AvahiAddress *address,
                  AvahiIfIndex        interface,
                  guint16             port,
                  AvahiStringList    *txt)
{
  g_autofree char *version = txt_value (txt, CRAPETTE_NEARBY_TXT_VERSION);
  g_autofree char *variant_nick = txt_value (txt, CRAPETTE_NEARBY_TXT_VARIANT);
  g_autofree char *pin = txt_value (txt, CRAPETTE_NEARBY_TXT_PIN);
  g_autofree char *key_hex = txt_value (txt, CRAPETTE_NEARBY_TXT_KEY);
  g_autofree char *id = txt_value (txt, CRAPETTE_NEARBY_TXT_ID);
  g_autofree char *wanted_version = g_strdup_printf ("%d", CRAPETTE_NET_PROTOCOL_VERSION);
  g_autofree char *host = NULL, *join_address = NULL, *parsed_host = NULL, *parsed_pin = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  guint16 parsed_port;
  int variant;

  if (crapette_nearby_announcer_is_own_id (id))
    return NULL;
  if (g_strcmp0 (version, wanted_version) != 0 || variant_nick == NULL || pin == NULL ||
      key_hex == NULL ||
      !crapette_enum_from_nick (CRAPETTE_TYPE_VARIANT, variant_nick, &variant) ||
      !crapette_net_parse_hex (key_hex, key, sizeof key))
    {
      g_debug ("\"%s\" is not a game this program can join", name);
      return NULL;
    }

  host = address_host (address, interface);
  join_address = crapette_direct_address_format (host, port, pin, key);
  /* The address reader checks the pin and everything else exactly as a pasted address. */
  if (!crapette_direct_address_parse (join_address, &parsed_host, &parsed_port, &parsed_pin, key,
                                      NULL))
    {
      g_debug ("\"%s\" does not make a join address", name);
      return NULL;
    }
  return crapette_nearby_game_new (name, variant, join_address);
}

static void
on_resolved_cb (AvahiServiceResolver   *resolver,
                AvahiIfIndex            interface,
                AvahiProtocol           protocol,
                AvahiResolverEvent      event,
                const char             *name,
                const char             *type,
                const char             *domain,
                const char             *host_name,
                const AvahiAddress     *address,
                uint16_t                port,
                AvahiStringList        *txt,
                AvahiLookupResultFlags  flags,
                void                   *user_data)
{
  CrapetteNearbyBrowser *self = user_data;
  g_autofree char *key = service_key (name, domain);
  Service *service = g_hash_table_lookup (self->services, key);

  if (event == AVAHI_RESOLVER_FOUND && service != NULL && service->game == NULL)
    {
      service->game = game_from_report (name, address, interface, port, txt);
      if (service->game != NULL)
        {
          g_ptr_array_add (self->games, g_object_ref (service->game));
          g_list_model_items_changed (G_LIST_MODEL (self), self->games->len - 1, 0, 1);
        }
    }
  /* A report that does not resolve (it timed out) stays out of the list; another report of
   * the same service may still resolve. */
  avahi_service_resolver_free (resolver);
}

static void
on_browsed_cb (AvahiServiceBrowser    *browser,
               AvahiIfIndex            interface,
               AvahiProtocol           protocol,
               AvahiBrowserEvent       event,
               const char             *name,
               const char             *type,
               const char             *domain,
               AvahiLookupResultFlags  flags,
               void                   *user_data)
{
  CrapetteNearbyBrowser *self = user_data;
  g_autofree char *key = NULL;
  Service *service;

  switch (event)
    {
    case AVAHI_BROWSER_NEW:
      key = service_key (name, domain);
      service = g_hash_table_lookup (self->services, key);
      if (service == NULL)
        {
          service = g_new0 (Service, 1);
          g_hash_table_insert (self->services, g_steal_pointer (&key), service);
        }
      service->reports++;
      if (service->game == NULL &&
          avahi_service_resolver_new (self->client, interface, protocol, name, type, domain,
                                      AVAHI_PROTO_UNSPEC, 0, on_resolved_cb, self) == NULL)
        g_debug ("Cannot resolve \"%s\": %s", name,
                 avahi_strerror (avahi_client_errno (self->client)));
      break;
    case AVAHI_BROWSER_REMOVE:
      key = service_key (name, domain);
      service = g_hash_table_lookup (self->services, key);
      if (service != NULL && --service->reports == 0)
        {
          remove_game (self, service->game);
          g_hash_table_remove (self->services, key);
        }
      break;
    case AVAHI_BROWSER_FAILURE:
      set_error (self, avahi_client_errno (avahi_service_browser_get_client (browser)));
      break;
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
    case AVAHI_BROWSER_ALL_FOR_NOW:
    default:
      break;
    }
}

static void
clear_games (CrapetteNearbyBrowser *self)
{
  guint removed = self->games->len;

  g_hash_table_remove_all (self->services);
  g_ptr_array_set_size (self->games, 0);
  if (removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, 0);
}

static void
on_client_state_cb (AvahiClient      *client,
                    AvahiClientState  state,
                    void             *user_data)
{
  CrapetteNearbyBrowser *self = user_data;

  /* The first call comes from inside avahi_client_new(), before it has returned. */
  self->client = client;

  if (state == AVAHI_CLIENT_FAILURE)
    {
      /* The daemon went away: what it told us is no longer known to be true. */
      clear_games (self);
      set_error (self, avahi_client_errno (client));
    }
}

gboolean
crapette_nearby_browser_start (CrapetteNearbyBrowser  *self,
                               GError                **error)
{
  int avahi_error = AVAHI_OK;

  g_return_val_if_fail (CRAPETTE_IS_NEARBY_BROWSER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->poll != NULL)
    return self->error == NULL;

  self->poll = avahi_glib_poll_new (NULL, G_PRIORITY_DEFAULT);
  avahi_client_new (avahi_glib_poll_get (self->poll), 0, on_client_state_cb, self, &avahi_error);
  if (self->client != NULL && avahi_error == AVAHI_OK)
    {
      self->browser = avahi_service_browser_new (self->client, AVAHI_IF_UNSPEC,
                                                 AVAHI_PROTO_UNSPEC, CRAPETTE_NEARBY_SERVICE_TYPE,
                                                 NULL, 0, on_browsed_cb, self);
      if (self->browser == NULL)
        avahi_error = avahi_client_errno (self->client);
    }
  else if (avahi_error == AVAHI_OK)
    avahi_error = AVAHI_ERR_FAILURE;

  if (avahi_error != AVAHI_OK)
    {
      set_error (self, avahi_error);
      crapette_nearby_browser_stop (self);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, self->error);
      return FALSE;
    }
  if (self->error != NULL)
    {
      g_clear_pointer (&self->error, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }
  return TRUE;
}

void
crapette_nearby_browser_stop (CrapetteNearbyBrowser *self)
{
  g_return_if_fail (CRAPETTE_IS_NEARBY_BROWSER (self));

  /* Freeing the client frees its browser and every resolver still under way. */
  self->browser = NULL;
  if (self->client != NULL)
    {
      avahi_client_free (self->client);
      self->client = NULL;
    }
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  clear_games (self);
}

const char *
crapette_nearby_browser_get_error (CrapetteNearbyBrowser *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NEARBY_BROWSER (self), NULL);

  return self->error;
}

static GType
crapette_nearby_browser_get_item_type (GListModel *model)
{
  return CRAPETTE_TYPE_NEARBY_GAME;
}

static guint
crapette_nearby_browser_get_n_items (GListModel *model)
{
  return CRAPETTE_NEARBY_BROWSER (model)->games->len;
}

static gpointer
crapette_nearby_browser_get_item (GListModel *model,
                                  guint       position)
{
  CrapetteNearbyBrowser *self = CRAPETTE_NEARBY_BROWSER (model);

  if (position >= self->games->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->games, position));
}

static void
crapette_nearby_browser_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = crapette_nearby_browser_get_item_type;
  iface->get_n_items = crapette_nearby_browser_get_n_items;
  iface->get_item = crapette_nearby_browser_get_item;
}

static void
crapette_nearby_browser_dispose (GObject *object)
{
  CrapetteNearbyBrowser *self = CRAPETTE_NEARBY_BROWSER (object);

  if (self->games != NULL)
    crapette_nearby_browser_stop (self);

  G_OBJECT_CLASS (crapette_nearby_browser_parent_class)->dispose (object);
}

static void
crapette_nearby_browser_finalize (GObject *object)
{
  CrapetteNearbyBrowser *self = CRAPETTE_NEARBY_BROWSER (object);

  g_clear_pointer (&self->services, g_hash_table_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (crapette_nearby_browser_parent_class)->finalize (object);
}

static void
crapette_nearby_browser_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CrapetteNearbyBrowser *self = CRAPETTE_NEARBY_BROWSER (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_nearby_browser_class_init (CrapetteNearbyBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_nearby_browser_dispose;
  object_class->finalize = crapette_nearby_browser_finalize;
  object_class->get_property = crapette_nearby_browser_get_property;

  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
crapette_nearby_browser_init (CrapetteNearbyBrowser *self)
{
  self->services = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) service_free);
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
}

CrapetteNearbyBrowser *
crapette_nearby_browser_new (void)
{
  return g_object_new (CRAPETTE_TYPE_NEARBY_BROWSER, NULL);
}

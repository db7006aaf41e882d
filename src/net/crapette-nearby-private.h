/* crapette-nearby-private.h: what the announcer and the browser of games nearby share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hosted game is a DNS-SD service of type _crapette._tcp; its instance name is the host's
 * name, its port the direct carrier's, and its TXT records carry the rest of the join
 * address (docs/network.md, "Finding games nearby").
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CRAPETTE_NEARBY_SERVICE_TYPE "_crapette._tcp"

/* The TXT keys: protocol version, variant nick, certificate pin, protocol key, and the
 * announcement's own random id. */
#define CRAPETTE_NEARBY_TXT_VERSION "v"
#define CRAPETTE_NEARBY_TXT_VARIANT "variant"
#define CRAPETTE_NEARBY_TXT_PIN     "pin"
#define CRAPETTE_NEARBY_TXT_KEY     "key"
#define CRAPETTE_NEARBY_TXT_ID      "id"

/* Whether @id is the id of an announcement this process makes now. */
gboolean crapette_nearby_announcer_is_own_id (const char *id);

/* Returns a sentence saying that the Avahi service is needed, or why Avahi failed. */
char    *crapette_nearby_describe_error      (int         avahi_error,
                                              gboolean    browsing);

G_END_DECLS

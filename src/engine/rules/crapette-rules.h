/* crapette-rules.h: the rule options of a round — their defaults, their limits, and the
 * settings that choose them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-types.h"

G_BEGIN_DECLS

void     crapette_rules_init_default       (CrapetteRules       *rules);
gboolean crapette_rules_validate           (const CrapetteRules *rules,
                                            GError             **error);
void     crapette_rules_init_from_settings (CrapetteRules       *rules,
                                            GSettings           *settings);

G_END_DECLS

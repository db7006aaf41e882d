/* fuzz-net-protocol.c: libFuzzer target for what a network peer reads from the other program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is split at newlines. Its first byte picks how the lines reach a guest's peer:
 * even, as raw lines, which the reader must refuse or accept without harm; odd, each as the
 * payload of a message the target seals itself with the right key and the next number (its
 * first byte picking the kind), so that the fuzzer reaches past the MAC into the hello,
 * the deal, the moves and the resynchronisation. Nothing may crash, warn or leak, and a
 * peer that failed must stay failed.
 */

#define G_LOG_DOMAIN "crapette-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crapette-net-peer.h"
#include "net-test-loopback.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const guint8 key[CRAPETTE_NET_KEY_SIZE] = "the fuzzer's key, 32 bytes long";

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(NetTestLoopback) ours = NULL;
  g_autoptr(NetTestLoopback) theirs = NULL;
  g_autoptr(CrapetteSession) session = NULL;
  g_autoptr(CrapetteNetPeer) peer = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean sealed;
  guint64 seq = 0;

  if (size == 0 || size > 256 * 1024)
    return 0;
  sealed = data[0] & 1;
  text = g_strndup ((const char *) data + 1, size - 1);
  lines = g_strsplit (text, "\n", 2000);

  net_test_loopback_new_pair (&ours, &theirs);
  session = crapette_session_new (NULL);
  peer = crapette_net_peer_new (session, CRAPETTE_TRANSPORT (ours), CRAPETTE_NET_ROLE_GUEST,
                                key, "Fuzz");
  crapette_net_peer_start (peer);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      CrapetteNetPeerState before = crapette_net_peer_get_state (peer);
      g_autofree char *line = NULL;

      if (sealed && lines[i][0] != '\0')
        {
          CrapetteNetKind kind = (guchar) lines[i][0] % CRAPETTE_NET_N_KINDS;

          line = crapette_net_message_seal (key, CRAPETTE_NET_ROLE_HOST,
                                            kind == CRAPETTE_NET_RESYNC ? 0 : ++seq, kind,
                                            lines[i] + 1);
        }
      else
        line = g_strdup (lines[i]);
      crapette_transport_emit_received (CRAPETTE_TRANSPORT (ours), line);
      if (before == CRAPETTE_NET_PEER_FAILED &&
          crapette_net_peer_get_state (peer) != CRAPETTE_NET_PEER_FAILED)
        abort ();
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}

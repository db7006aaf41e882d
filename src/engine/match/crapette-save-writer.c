/* crapette-save-writer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The match in progress is saved after every move, and writing it durably (an fsync) can
 * take tens of milliseconds on a slow disk: too long for the main thread. So the main
 * thread only copies the match (crapette_match_snapshot_new(), tens of microseconds) and a
 * worker formats and writes it. One write is in flight at a time, so saves land in order; a
 * save asked for meanwhile waits, and a later one replaces it, as it holds every move of the
 * earlier. The waiting save copies its match only when its turn comes, so that a long match
 * is copied once per write rather than once per move. The file on disk is thus always a whole match, at most the moves of one write
 * behind, and it is replaced atomically, so a failed write leaves the last good save as
 * it was. crapette_save_writer_flush() waits for the last write, before the program ends.
 *
 * A failure is reported once ("save-failed") and success after failures once
 * ("save-recovered"), so that the window can show a lasting sign between the two.
 *
 * Only one copy of the program writes a save: crapette_save_writer_lock() takes an
 * exclusive flock() on a lock file beside it, held while the writer lives. The kernel
 * lets go of it when the process ends in any way, so a crashed copy never blocks the next.
 * A lock only binds those who open the same file, though: were the lock file deleted or
 * replaced (or the data folder renamed), a second copy would lock a new one and both would
 * write. So before each write the worker checks that the lock file in its place is still
 * the very one this writer holds (same device and inode, not unlinked); if not, the writer
 * stops writing for good and says so, as a copy that found the save locked does.
 *
 * The copy that takes the lock also removes what writes killed half-way left behind: the
 * temporary files ("current-match.crapette.XXXXXX") an atomic replace renames into place.
 */

#define G_LOG_DOMAIN "crapette-savegame"
/* lstat(), flock() and O_CLOEXEC, which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include "crapette-save-writer.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "crapette-match-record.h"
#include "crapette-savegame.h"

typedef struct
{
  CrapetteMatch *match;               /* until its turn comes; then copied and let go */
  CrapetteMatchSnapshot *snapshot;
  guint serial;
  /* Set by the worker, under the writer's lock. */
  gboolean done;
  GError *error;
  char *details;
  /* Set on the main thread once the result has been reported. */
  gboolean reported;
} SaveJob;

struct _CrapetteSaveWriter
{
  GObject parent_instance;

  char *path;
  char *lock_path;
  int lock_fd;
  gboolean read_only;
  gboolean lock_lost;        /* the lock file was taken away: nothing more is written */

  GMutex mutex;
  GCond done_cond;
  SaveJob *in_flight;
  SaveJob *pending;
  guint next_serial;
  guint n_coalesced;

  gboolean failing;
  GError *error;
  char *details;
};

G_DEFINE_FINAL_TYPE (CrapetteSaveWriter, crapette_save_writer, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PATH,
  PROP_FAILING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SAVED,
  SAVE_FAILED,
  SAVE_RECOVERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_job (CrapetteSaveWriter *self,
                       SaveJob            *job);

static void
save_job_free (SaveJob *job)
{
  g_clear_object (&job->match);
  g_clear_pointer (&job->snapshot, crapette_match_snapshot_free);
  g_clear_error (&job->error);
  g_free (job->details);
  g_free (job);
}

/* Whether the lock file where it belongs is still the one this writer holds locked: the same
 * file, not removed. A writer without a lock file (none could be made, or locks do not work
 * there) has nothing to check, and is the only writer it can be. Safe on any thread. */
static gboolean
still_holds_lock (CrapetteSaveWriter *self)
{
  struct stat held;
  struct stat there;

  if (self->lock_lost)
    return FALSE;
  if (self->lock_fd < 0)
    return TRUE;
  return fstat (self->lock_fd, &held) == 0 && held.st_nlink > 0 &&
         g_stat (self->lock_path, (GStatBuf *) &there) == 0 &&
         held.st_dev == there.st_dev && held.st_ino == there.st_ino;
}

static void
set_lock_lost_error (CrapetteSaveWriter  *self,
                     GError             **error,
                     char               **details)
{
  g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_LOCKED,
                       _("Your game is no longer saved here: its lock file was taken away, "
                         "and another copy of Crapette may be saving it"));
  *details = g_strdup_printf (_("The lock file “%s” was removed or replaced while this copy "
                                "held it. To keep two copies from writing over each other, "
                                "this one saves nothing more; use Save As to keep its game."),
                              self->lock_path);
}

/* Runs on a worker: formats the record and writes it, unless the lock has been lost. */
static void
write_job (CrapetteSaveWriter *self,
           SaveJob            *job)
{
  g_autofree char *text = NULL;
  GError *error = NULL;
  char *details = NULL;

  if (!still_holds_lock (self))
    set_lock_lost_error (self, &error, &details);
  else
    {
      text = crapette_match_snapshot_to_record (job->snapshot);
      crapette_savegame_write_text (self->path, text, &details, &error);
    }

  g_mutex_lock (&self->mutex);
  job->error = error;
  job->details = details;
  job->done = TRUE;
  g_cond_broadcast (&self->done_cond);
  g_mutex_unlock (&self->mutex);
}

static void
write_job_in_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  CrapetteSaveWriter *self = source_object;

  write_job (self, task_data);
  g_task_return_boolean (task, TRUE);
}

/* Stops writing for good: the lock file is no longer this writer's. What waits is dropped. */
static void
lose_lock (CrapetteSaveWriter *self)
{
  self->read_only = TRUE;
  self->lock_lost = TRUE;
  g_clear_pointer (&self->pending, save_job_free);
  if (self->lock_fd >= 0)
    {
      close (self->lock_fd);
      self->lock_fd = -1;
    }
}

/* Tells the listeners what the job's write came to, once, on the main thread. */
static void
report_job (CrapetteSaveWriter *self,
            SaveJob            *job)
{
  g_assert (job->done && !job->reported);

  job->reported = TRUE;
  if (job->error == NULL)
    {
      gboolean was_failing = self->failing;

      self->failing = FALSE;
      g_clear_error (&self->error);
      g_clear_pointer (&self->details, g_free);
      g_signal_emit (self, signals[SAVED], 0, job->serial,
                     crapette_match_snapshot_count_moves (job->snapshot));
      if (was_failing)
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILING]);
          g_signal_emit (self, signals[SAVE_RECOVERED], 0);
        }
      return;
    }

  g_debug ("Save %u failed: %s", job->serial, job->details);
  if (g_error_matches (job->error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_LOCKED))
    lose_lock (self);
  g_clear_error (&self->error);
  self->error = g_error_copy (job->error);
  g_free (self->details);
  self->details = g_strdup (job->details);
  /* Said once, not after every move, until a save works again. */
  if (!self->failing)
    {
      self->failing = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILING]);
      g_signal_emit (self, signals[SAVE_FAILED], 0, self->error, self->details);
    }
}

/* Reports the job in flight, now done, and starts the one waiting, if any. */
static void
finish_in_flight (CrapetteSaveWriter *self)
{
  SaveJob *job = self->in_flight;
  SaveJob *next;

  self->in_flight = NULL;
  report_job (self, job);
  /* Taken after the report, which drops it when the lock was found lost. */
  next = g_steal_pointer (&self->pending);
  if (next != NULL)
    start_job (self, next);
}

static void
on_job_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  CrapetteSaveWriter *self = CRAPETTE_SAVE_WRITER (source);
  SaveJob *job = g_task_get_task_data (G_TASK (result));

  /* A flush may have reported it already, and moved on. */
  if (job == self->in_flight && !job->reported)
    finish_in_flight (self);
}

/* Copies the job's match as it is now, on the main thread, before a worker writes it. */
static void
take_snapshot (SaveJob *job)
{
  g_assert (job->snapshot == NULL);

  job->snapshot = crapette_match_snapshot_new (job->match);
  g_clear_object (&job->match);
}

static void
start_job (CrapetteSaveWriter *self,
           SaveJob            *job)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, on_job_done_cb, NULL);

  g_assert (self->in_flight == NULL);

  take_snapshot (job);
  self->in_flight = job;
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) save_job_free);
  g_task_run_in_thread (task, write_job_in_thread);
}

/* ---- GObject --------------------------------------------------------------- */

static void
crapette_save_writer_dispose (GObject *object)
{
  CrapetteSaveWriter *self = CRAPETTE_SAVE_WRITER (object);

  /* Each job's task holds the writer, so none is in flight here; one may wait. */
  crapette_save_writer_flush (self);

  G_OBJECT_CLASS (crapette_save_writer_parent_class)->dispose (object);
}

static void
crapette_save_writer_finalize (GObject *object)
{
  CrapetteSaveWriter *self = CRAPETTE_SAVE_WRITER (object);

  g_clear_pointer (&self->pending, save_job_free);
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  g_clear_error (&self->error);
  g_free (self->details);
  g_free (self->path);
  g_free (self->lock_path);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->done_cond);

  G_OBJECT_CLASS (crapette_save_writer_parent_class)->finalize (object);
}

static void
crapette_save_writer_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CrapetteSaveWriter *self = CRAPETTE_SAVE_WRITER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_FAILING:
      g_value_set_boolean (value, self->failing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_save_writer_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CrapetteSaveWriter *self = CRAPETTE_SAVE_WRITER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      self->lock_path = g_strconcat (self->path, ".lock", NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_save_writer_class_init (CrapetteSaveWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_save_writer_dispose;
  object_class->finalize = crapette_save_writer_finalize;
  object_class->get_property = crapette_save_writer_get_property;
  object_class->set_property = crapette_save_writer_set_property;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FAILING] =
    g_param_spec_boolean ("failing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteSaveWriter::saved:
   * @serial: the number crapette_save_writer_save() returned for the save now on disk
   * @n_moves: the moves of the match in it
   */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * CrapetteSaveWriter::save-failed:
   * @error: what happened, in a player's words (%CRAPETTE_SAVEGAME_ERROR)
   * @details: the technical detail, with the file and the system's own message
   *
   * Emitted at the first save that fails, and not again until one has worked.
   */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteSaveWriter::save-recovered:
   *
   * Emitted at the first save that works after a failure.
   */
  signals[SAVE_RECOVERED] =
    g_signal_new ("save-recovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
}

static void
crapette_save_writer_init (CrapetteSaveWriter *self)
{
  self->lock_fd = -1;
  self->next_serial = 1;
  g_mutex_init (&self->mutex);
  g_cond_init (&self->done_cond);
}

/* ---- Public API ------------------------------------------------------------ */

/* Creates a writer that saves matches to @path. */
CrapetteSaveWriter *
crapette_save_writer_new (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_object_new (CRAPETTE_TYPE_SAVE_WRITER, "path", path, NULL);
}

/* Returns the file the writer saves to. */
const char *
crapette_save_writer_get_path (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), NULL);

  return self->path;
}

/* Saves @match as it is now, in a worker; returns the number the "saved" signal will
 * carry once it (or a later save that replaced it) is on disk, or 0 when read-only. */
guint
crapette_save_writer_save (CrapetteSaveWriter *self,
                           CrapetteMatch      *match)
{
  SaveJob *job;

  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), 0);
  g_return_val_if_fail (CRAPETTE_IS_MATCH (match), 0);

  if (self->read_only)
    return 0;

  job = g_new0 (SaveJob, 1);
  job->match = g_object_ref (match);
  job->serial = self->next_serial++;
  if (self->in_flight == NULL)
    {
      start_job (self, job);
      return job->serial;
    }
  /* It holds every move of the save that waits: that one need not be written. */
  if (self->pending != NULL)
    {
      self->n_coalesced++;
      save_job_free (self->pending);
    }
  self->pending = job;
  return job->serial;
}

/* Waits until every save asked for is on disk (or has failed), reporting each as usual;
 * returns whether the last one worked. Call it before the program ends. */
gboolean
crapette_save_writer_flush (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  while (self->in_flight != NULL)
    {
      SaveJob *job = self->in_flight;
      SaveJob *next;

      g_mutex_lock (&self->mutex);
      while (!job->done)
        g_cond_wait (&self->done_cond, &self->mutex);
      g_mutex_unlock (&self->mutex);

      /* Reported here; the task's callback, which comes later, then does nothing. */
      self->in_flight = NULL;
      report_job (self, job);
      next = g_steal_pointer (&self->pending);
      if (next != NULL)
        {
          /* Written here rather than in a worker: nothing would gain by waiting. */
          take_snapshot (next);
          self->in_flight = next;
          write_job (self, next);
          self->in_flight = NULL;
          report_job (self, next);
          save_job_free (next);
        }
    }
  return !self->failing;
}

/* Returns whether the last save failed. */
gboolean
crapette_save_writer_get_failing (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  return self->failing;
}

/* Returns why the last save failed, in a player's words, or %NULL. */
const GError *
crapette_save_writer_get_error (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), NULL);

  return self->error;
}

/* Returns the technical detail of the last failure (the file, the system's message), or %NULL. */
const char *
crapette_save_writer_get_details (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), NULL);

  return self->details;
}

/* Returns how many saves were never written because a later one replaced them. */
guint
crapette_save_writer_get_n_coalesced (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), 0);

  return self->n_coalesced;
}

/* Whether @name is that of a temporary file of the save @save_name: the save's name, a dot
 * and the six letters or digits that g_file_set_contents() puts in place of "XXXXXX". */
static gboolean
is_leftover_name (const char *name,
                  const char *save_name)
{
  gsize save_length = strlen (save_name);

  if (strncmp (name, save_name, save_length) != 0 || name[save_length] != '.' ||
      strlen (name) != save_length + 7)
    return FALSE;
  for (const char *p = name + save_length + 1; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

/* Removes the temporary files of the save at @path left by writes a crash cut short; only the
 * holder of the lock calls it, so no write of its own is in flight, and no other copy's. */
static void
remove_leftovers (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *save_name = g_path_get_basename (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *leftover = NULL;
      GStatBuf info;

      if (!is_leftover_name (name, save_name))
        continue;
      leftover = g_build_filename (folder, name, NULL);
      /* Only files: a link or a folder of that name is nothing this program made. */
      if (g_lstat (leftover, &info) == 0 && S_ISREG (info.st_mode) && g_remove (leftover) != 0)
        g_debug ("Could not remove %s: %s", leftover, g_strerror (errno));
    }
}

/* Makes this writer the only one of its save, among all processes, for as long as it
 * lives. Fails with %CRAPETTE_SAVEGAME_ERROR_LOCKED when another holds it: the writer is
 * then read-only and saves nothing. */
gboolean
crapette_save_writer_lock (CrapetteSaveWriter  *self,
                           GError             **error)
{
  g_autofree char *folder = NULL;
  const char *lock_path;
  int saved_errno;

  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  if (self->lock_fd >= 0)
    return TRUE;

  folder = g_path_get_dirname (self->path);
  lock_path = self->lock_path;
  if (g_mkdir_with_parents (folder, 0700) == 0)
    /* Read-only is enough for flock(), and keeps the file system free to be remounted. */
    self->lock_fd = g_open (lock_path, O_RDONLY | O_CREAT | O_CLOEXEC, 0600);
  if (self->lock_fd < 0)
    {
      /* Without a lock file, the save cannot be written either: the writer will say so. */
      g_debug ("No lock file %s: %s", lock_path, g_strerror (errno));
      return TRUE;
    }
  if (flock (self->lock_fd, LOCK_EX | LOCK_NB) == 0)
    {
      self->read_only = FALSE;
      self->lock_lost = FALSE;
      remove_leftovers (self->path);
      return TRUE;
    }

  saved_errno = errno;
  close (self->lock_fd);
  self->lock_fd = -1;
  if (saved_errno != EWOULDBLOCK)
    {
      /* A file system without locks: one writer is the best that can be done. */
      g_debug ("Could not lock %s: %s", lock_path, g_strerror (saved_errno));
      return TRUE;
    }
  self->read_only = TRUE;
  g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_LOCKED,
                       _("This game is open in another copy of Crapette: the moves made "
                         "here are not saved"));
  return FALSE;
}

/* Whether a read-only writer could take the lock now: the copy that held it has quit (or
 * crashed). Takes nothing: it locks a file of its own and lets go at once, so the copy that
 * held it, were it still there, is not disturbed. A writer that lost its lock file never
 * writes again, so it is never told the lock is free. */
gboolean
crapette_save_writer_lock_is_free (CrapetteSaveWriter *self)
{
  int fd;
  gboolean is_free;

  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  if (!self->read_only || self->lock_lost || self->lock_fd >= 0)
    return FALSE;
  fd = g_open (self->lock_path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    /* No lock file: whoever held it is gone, and a lock taken now makes a new one. */
    return errno == ENOENT;
  is_free = flock (fd, LOCK_EX | LOCK_NB) == 0;
  close (fd);
  return is_free;
}

/* Writes what is left to write, then lets go of the lock, so that another writer can take
 * it at once (a writer lives on until its last write has been reported); it saves nothing
 * more. Returns whether the last save worked. */
gboolean
crapette_save_writer_close (CrapetteSaveWriter *self)
{
  gboolean worked;

  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  worked = crapette_save_writer_flush (self);
  self->read_only = TRUE;
  if (self->lock_fd >= 0)
    {
      close (self->lock_fd);
      self->lock_fd = -1;
    }
  return worked;
}

/* Returns whether another copy of the program holds the save, so that this writer saves nothing. */
gboolean
crapette_save_writer_get_read_only (CrapetteSaveWriter *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SAVE_WRITER (self), FALSE);

  return self->read_only;
}

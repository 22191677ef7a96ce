import { Alert, Button, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { uploadFieldNames, type UploadedRef } from "~/features/uploads/upload-fields";
import {
  DEFAULT_UPLOAD_MAX_COUNT,
  effectiveRules,
  formatSizeLimit,
  KIND_EXTENSIONS,
  kindOfName,
  type UploadFolder,
  type UploadKind,
  type UploadSignature,
  type UploadedFile,
} from "~/contracts/uploads/values";
import "../../contracts/uploads/texts";

type Props = {
  /** The form field that holds the stored files' URLs. */
  name: string;
  folder: UploadFolder;
  label: string;
  kinds?: readonly UploadKind[];
  maxBytes?: number;
  maxCount?: number;
  /** Files the form already holds (saved, or returned with a refused submit). */
  files?: UploadedRef[];
  error?: string;
};

type Item = UploadedRef & { localId: string; progress: number | null };

type Envelope<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * The one upload field of the portal (docs/product.md § Uploads). Without JavaScript it is a plain file
 * input: the form posts multipart and the action streams the file to storage (uploads.server.ts).
 * With JavaScript the file goes straight to the storage host with the signed form, showing
 * progress, and the field keeps the stored file's URL; the form then posts only that.
 */
export function FileUpload({ name, folder, label, kinds, maxBytes, maxCount = DEFAULT_UPLOAD_MAX_COUNT, files = [], error }: Props) {
  const { t } = useTranslation();
  const rules = effectiveRules(folder, { kinds, maxBytes });
  const extensions = rules.kinds.flatMap((kind) => KIND_EXTENSIONS[kind]);
  const formats = extensions.join(", ");
  const size = formatSizeLimit(rules.maxBytes);
  const names = uploadFieldNames(name);
  const inputId = useId();

  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [items, setItems] = useState<Item[]>(() => files.map((file) => ({ ...file, localId: file.url, progress: null })));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLDivElement>(null);

  // A submit while a file is still on its way would save the form without it: hold it back.
  const uploading = items.some((item) => item.progress !== null);
  useEffect(() => {
    const form = field.current?.closest("form");
    if (!form || !uploading) return;
    const hold = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      setNotice(t("uploads.wait"));
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [uploading, t]);

  const update = (localId: string, change: Partial<Item> | null) =>
    setItems((current) => (change ? current.map((i) => (i.localId === localId ? { ...i, ...change } : i)) : current.filter((i) => i.localId !== localId)));

  async function upload(file: File, localId: string) {
    const failed = (message?: string) => {
      update(localId, null);
      setNotice(message && message !== t("uploads.failed") ? `${t("uploads.failed")}: ${message}` : t("uploads.failed"));
    };
    try {
      const query = new URLSearchParams({ folder, fileName: file.name, kinds: rules.kinds.join(","), maxBytes: String(rules.maxBytes) });
      const signed = await readEnvelope<UploadSignature>(await fetch(`/upload/signature?${query}`, { headers: { accept: "application/json" } }));
      if (!signed.ok) return failed(signed.message);
      const sent = await postToHost(signed.data, file, (progress) => update(localId, { progress }));
      if (!sent) return failed();
      const body = new URLSearchParams({ key: signed.data.key, name: file.name, kinds: rules.kinds.join(",") });
      const done = await readEnvelope<UploadedFile>(await fetch("/upload/complete", { method: "POST", body, headers: { accept: "application/json" } }));
      if (!done.ok) return failed(done.message);
      update(localId, { url: done.data.url, name: done.data.name, progress: null });
    } catch {
      failed();
    }
  }

  function choose(list: FileList | null) {
    setNotice(null);
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = "";
    const room = maxCount - items.length;
    if (chosen.length > room) setNotice(t("uploads.tooMany", { count: maxCount }));
    for (const file of chosen.slice(0, Math.max(room, 0))) {
      const kind = kindOfName(file.name);
      if (!kind || !rules.kinds.includes(kind)) {
        setNotice(t("uploads.typeNotAllowed", { formats }));
        continue;
      }
      if (file.size > rules.maxBytes) {
        setNotice(t("uploads.tooLarge", { name: file.name, size }));
        continue;
      }
      const localId = `${Date.now()}-${Math.random()}`;
      setItems((current) => [...current, { url: "", name: file.name, localId, progress: 0 }]);
      void upload(file, localId);
    }
  }

  const describedBy = `${inputId}-rules`;
  return (
    <Input.Wrapper label={label} error={error} id={inputId} inputWrapperOrder={["label", "input", "description", "error"]}>
      <Stack gap={6} data-testid={`upload-${name}`} ref={field}>
        {items.map((item) => (
          <div key={item.localId} data-testid="upload-item">
            {item.url ? <input type="hidden" name={name} value={item.url} /> : null}
            {item.url ? <input type="hidden" name={names.name} value={`${item.url}|${item.name}`} /> : null}
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" truncate="end" style={{ flex: 1 }}>
                {item.url ? (
                  <a href={item.url} target="_blank" rel="noreferrer">
                    {item.name}
                  </a>
                ) : (
                  item.name
                )}
              </Text>
              {!enhanced ? (
                <label>
                  <input type="checkbox" name={names.remove} value={item.url} /> {t("uploads.remove")}
                </label>
              ) : item.url && confirming !== item.localId ? (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(item.localId)}>
                  {t("uploads.remove")}
                </Button>
              ) : null}
            </Group>
            {item.progress !== null ? (
              <Progress
                value={Math.round(item.progress * 100)}
                size="sm"
                aria-label={t("uploads.uploading", { name: item.name, percent: Math.round(item.progress * 100) })}
                data-testid="upload-progress"
              />
            ) : null}
            {confirming === item.localId ? (
              <Group gap="xs" role="alertdialog" aria-label={t("uploads.confirmRemove", { name: item.name })} data-testid="upload-confirm">
                <Text size="sm">{t("uploads.confirmRemove", { name: item.name })}</Text>
                <Button
                  size="compact-xs"
                  color="red"
                  onClick={() => {
                    update(item.localId, null);
                    setConfirming(null);
                  }}
                >
                  {t("uploads.remove")}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setConfirming(null)}>
                  {t("uploads.removeKeep")}
                </Button>
              </Group>
            ) : null}
          </div>
        ))}
        {items.length < maxCount || !enhanced ? (
          <input
            ref={input}
            id={`${inputId}-file`}
            type="file"
            // Named only without JavaScript: then the file itself is posted with the form.
            name={enhanced ? undefined : names.file}
            accept={extensions.map((e) => `.${e}`).join(",")}
            multiple={maxCount > 1}
            aria-describedby={describedBy}
            aria-label={label}
            onChange={(event) => choose(event.currentTarget.files)}
            data-testid="upload-input"
          />
        ) : null}
        <Text size="xs" c="dimmed" id={describedBy}>
          {t("uploads.accepted", { formats, size, count: maxCount })}
          {enhanced ? null : ` ${t("uploads.noJsHint")}`}
        </Text>
        {notice ? (
          <Alert color="red" role="alert" p="xs" data-testid="upload-notice">
            {notice}
          </Alert>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return { ok: false, message: "" };
  return (await response.json()) as Envelope<T>;
}

/** The signed form to the storage host, with upload progress (fetch cannot report it; XHR can). */
function postToHost(signature: UploadSignature, file: File, onProgress: (fraction: number) => void) {
  return new Promise<boolean>((resolve) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(signature.fields)) body.append(key, value);
    body.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", signature.host);
    request.timeout = 600_000;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => resolve(request.status === 200 || request.status === 204);
    request.onerror = request.ontimeout = request.onabort = () => resolve(false);
    request.send(body);
  });
}

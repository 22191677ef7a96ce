import { Button, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/leads/texts";

/** The same text read again within this time is the same pass still in front of the camera. */
const SAME_PASS_MS = 3_000;
/** Time between two reads of the video (a cheap phone keeps up; the reader takes a frame at a time). */
const READ_EVERY_MS = 200;

type CameraState = "idle" | "starting" | "scanning";

/**
 * The phone's camera reading passes one after the other: each new text goes to `onText`. The reader
 * (./barcode-engine.client.ts) is imported when the camera starts. Without a camera, or when the
 * browser refuses it, it says so; the typed form beside it stays.
 */
export function CameraScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState<boolean | null>(null);
  const [state, setState] = useState<CameraState>("idle");
  const [problem, setProblem] = useState<string | null>(null);
  // Why the camera failed (the error's name), for support and the tests.
  const [reason, setReason] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    setAvailable(Boolean(navigator.mediaDevices?.getUserMedia));
  }, []);

  const active = state !== "idle";
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const lastSeen = new Map<string, number>();
    (async () => {
      try {
        const [{ createQrReader }, media] = await Promise.all([
          import("./barcode-engine.client"),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        const reader = await createQrReader();
        video.current.srcObject = stream;
        await video.current.play();
        if (stopped) return;
        setState("scanning");
        const read = async () => {
          if (stopped || !video.current) return;
          try {
            const found = video.current.readyState >= 2 ? await reader.detect(video.current) : [];
            const now = Date.now();
            for (const { rawValue } of found) {
              if (!rawValue || now - (lastSeen.get(rawValue) ?? 0) < SAME_PASS_MS) {
                if (rawValue) lastSeen.set(rawValue, now);
                continue;
              }
              lastSeen.set(rawValue, now);
              onTextRef.current(rawValue);
            }
          } catch {
            // One unreadable frame: the next one is read.
          }
          if (!stopped) timer = window.setTimeout(read, READ_EVERY_MS);
        };
        void read();
      } catch (error) {
        if (stopped) return;
        const name = error instanceof Error ? error.name : "";
        setReason(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        setProblem(t(name === "NotFoundError" || name === "OverconstrainedError" ? "leads.scan.noCamera" : "leads.scan.cameraFailed"));
        setState("idle");
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // Started once per press of the button: "starting" → "scanning" is the same run.
  }, [active, t]);

  if (available === false) {
    return (
      <Text size="sm" c="dimmed" data-testid="scan-camera-problem">
        {t("leads.scan.noCamera")}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        type="button"
        variant={state === "idle" ? "filled" : "light"}
        disabled={available === null}
        loading={state === "starting"}
        onClick={() => {
          setProblem(null);
          setState((s) => (s === "idle" ? "starting" : "idle"));
        }}
        data-testid="scan-camera"
      >
        {t(state === "idle" ? "leads.scan.start" : "leads.scan.stop")}
      </Button>
      {state !== "idle" ? (
        <video ref={video} muted playsInline data-testid="scan-video" data-state={state} style={{ width: "100%", maxWidth: 480, background: "#000" }} />
      ) : null}
      {problem ? (
        <Text size="sm" c="red.9" role="alert" data-testid="scan-camera-problem" data-reason={reason ?? undefined}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

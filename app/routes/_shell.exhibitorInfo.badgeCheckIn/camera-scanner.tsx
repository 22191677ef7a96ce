import { Button, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/badges/texts";

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * Reads a QR code with the phone's camera where the browser has BarcodeDetector (Chrome on
 * Android, recent Safari); elsewhere nothing is shown and the code is typed or scanned into the
 * field. No library: the desk page stays light on a cheap phone.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    setSupported("BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia));
  }, []);

  useEffect(() => {
    if (!scanning) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const Detector = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ["qr_code"] });
        while (!stopped) {
          const [found] = await detector.detect(video.current);
          if (found?.rawValue) {
            setScanning(false);
            onCode(found.rawValue);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch {
        setProblem(t("badges.checkInPage.cameraFailed"));
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => {
        track.stop();
      });
    };
  }, [scanning, onCode, t]);

  if (!supported) return null;
  return (
    <Stack gap={4}>
      <Button
        type="button"
        variant="light"
        onClick={() => {
          setProblem(null);
          setScanning((on) => !on);
        }}
        data-testid="camera-scan"
      >
        {t(scanning ? "badges.checkInPage.cameraStop" : "badges.checkInPage.camera")}
      </Button>
      {scanning ? <video ref={video} muted playsInline style={{ width: "100%", maxWidth: 320 }} /> : null}
      {problem ? (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

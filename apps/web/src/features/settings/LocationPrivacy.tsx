import type { CurrentUser, PrivacySettings } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { apiRequest, toastError } from '@/lib/api';

/** Whether public copies (share links, public projects) keep the photos' GPS position. */
export function LocationPrivacy({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (body: PrivacySettings) =>
      (await (await apiRequest('PUT', '/api/auth/privacy', body)).json()) as PrivacySettings,
    onSuccess: (answer) => {
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, (current) =>
        current ? { ...current, ...answer } : current,
      );
      toast({
        title: t('settings.saved'),
        description: answer.keepsPublicLocation
          ? t('settings.locationKept')
          : t('settings.locationRemoved'),
      });
    },
    onError: (error) => toastError(t('auth.errors.title'), error, t('settings.failed')),
  });
  const keeps = save.isPending
    ? (save.variables?.keepsPublicLocation ?? user.keepsPublicLocation)
    : user.keepsPublicLocation;
  return (
    <div className="flex items-start gap-4">
      <div className="min-w-0 flex-1">
        <p id="location-toggle-label" className="text-sm font-medium">
          {t('settings.locationToggle')}
        </p>
        <p id="location-toggle-body" className="mt-1 text-sm text-muted-foreground">
          {keeps ? t('settings.locationOn') : t('settings.locationOff')}
        </p>
      </div>
      <Switch
        checked={keeps}
        labelledBy="location-toggle-label"
        describedBy="location-toggle-body"
        disabled={save.isPending}
        onChange={(checked) => save.mutate({ keepsPublicLocation: checked })}
      />
    </div>
  );
}

import { useState } from 'react';
import { App, Badge, Button, Card } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { germPermissions as P, type CartRow, type LotRow } from '@breedwise/contracts/germ';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { SidePanelLayout } from '../../../../components/common/SidePanelLayout';
import { api } from '../../api';
import { dashboardTodoKey } from '../../cache';
import { CartDrawer } from '../components/CartDrawer';
import { LotTable } from '../components/LotTable';
import { PlaceTree } from '../components/PlaceTree';

const cart = api.germ.cart;

/** Seed inventory: storage places, lots and their ledger operations, label printing and the outbound cart. */
export default function InventoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [placeId, setPlaceId] = useState<number | undefined>();
  const [cartOpen, setCartOpen] = useState(false);
  const canCart = usePermission(P.outboundAdd);
  const canPlaces = usePermission(P.placeEdit);
  const items = useQuery({ queryKey: cart.list.key, queryFn: () => cart.list(), enabled: canCart });
  const setCart = (rows: CartRow[]) => queryClient.setQueryData(cart.list.key, rows);
  const addToCart = async (lot: LotRow, quantity: number) => {
    setCart(await cart.add({ items: [{ lotId: lot.id, quantity }] }));
    void message.success(t('germ.cart.added', { lotNo: lot.lotNo }));
  };
  return (
    <div className="bw-page">
      <SidePanelLayout
        name="germ.inventory.places"
        title={t('germ.place.title')}
        active={placeId !== undefined}
        side={<PlaceTree value={placeId} onChange={setPlaceId} editable={canPlaces} showTitle={false} />}
        testId="place-panel"
      >
        <Card
          title={t('germ.lot.title')}
          variant="borderless"
          extra={
            canCart && (
              <Badge count={items.data?.length ?? 0} size="small">
                <Button icon={<ShoppingCartOutlined />} onClick={() => setCartOpen(true)} data-testid="cart-open">
                  {t('germ.cart.open')}
                </Button>
              </Badge>
            )
          }
        >
          <LotTable placeId={placeId} onCart={canCart ? addToCart : undefined} />
        </Card>
      </SidePanelLayout>
      <CartDrawer
        open={cartOpen}
        rows={items.data ?? []}
        onClose={() => setCartOpen(false)}
        onChanged={setCart}
        onCheckedOut={() => {
          setCart([]);
          setCartOpen(false);
          void queryClient.invalidateQueries({ queryKey: api.germ.outbound.$key });
          void queryClient.invalidateQueries({ queryKey: dashboardTodoKey });
          navigate('/germ/outbound');
        }}
      />
    </div>
  );
}
